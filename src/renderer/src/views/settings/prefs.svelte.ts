import type { CommandInput, LocalizedText } from '../../../../shared/contract'
import type { Settings } from '../../../../shared/settings'
import { asUserError } from '../../errors'

/**
 * The settings document as the renderer knows it: the Settings sections and the schedule rows'
 * mute buttons read this one copy, and every save replaces it with what the core stored (the core
 * validates and normalises, e.g. orders the lead times), so nothing shows a value it did not keep.
 */
export type SettingsPatch = CommandInput<'settings:update'>

export const prefs = $state<{ doc: Settings | null; available: boolean }>({ doc: null, available: true })

let loading: Promise<void> | undefined

/** `fresh` re-reads the file (the Settings view on open); otherwise the first load is shared. */
export function loadPrefs(opts: { fresh?: boolean } = {}): Promise<void> {
  if (opts.fresh || !loading) {
    loading = window.api.invoke('settings:get').then(
      (doc) => void ((prefs.doc = doc), (prefs.available = true)),
      // A core composed without settings: the sections and mute buttons stay hidden.
      () => void (prefs.available = false)
    )
  }
  return loading
}

/** Saves through the core; rejects with its UserError and leaves `prefs.doc` as it was. */
export async function savePrefs(patch: SettingsPatch): Promise<Settings> {
  const doc = await window.api.invoke('settings:update', patch)
  prefs.doc = doc
  return doc
}

export async function setMuted(workId: number, muted: boolean): Promise<void> {
  await loadPrefs()
  const ids = prefs.doc?.reminders.mutedWorkIds ?? []
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a throwaway Set to drop duplicates
  const next = muted ? [...new Set([...ids, workId])] : ids.filter((id) => id !== workId)
  await savePrefs({ reminders: { mutedWorkIds: next } })
}

export const isMuted = (workId: number): boolean => prefs.doc?.reminders.mutedWorkIds.includes(workId) ?? false

/**
 * One section's save state: what was saved last (cleared at the start of each save, so saving the
 * same field twice is announced twice), an error per field that has room for one beside it, and
 * the last failure of a control that has not (a checkbox, a button), shown on the section's line.
 * All keep both languages, so switching the language re-renders them.
 */
export class SectionStatus {
  saved = $state<LocalizedText | null>(null)
  failed = $state<LocalizedText | null>(null)
  errors = $state<Record<string, LocalizedText>>({})

  invalid(field: string, message: LocalizedText): void {
    this.saved = null
    this.errors[field] = message
  }

  /** `inline: false` for controls without an error slot of their own. */
  async save(
    field: string,
    what: LocalizedText,
    patch: SettingsPatch,
    opts: { inline?: boolean } = {}
  ): Promise<boolean> {
    this.saved = null
    this.failed = null
    delete this.errors[field]
    try {
      await savePrefs(patch)
      this.saved = what
      return true
    } catch (err) {
      const { message } = asUserError(err)
      if (opts.inline === false) this.failed = message
      else this.errors[field] = message
      return false
    }
  }
}
