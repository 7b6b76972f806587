import { invoke } from '../lib/api'
import type { CommandInput, LocalizedText } from '../../../shared/contract'
import type { Settings } from '../../../shared/settings'
import { isWorkReminded, ringBell, withId } from '../../../shared/reminder-mode'
import { asUserError } from '../errors'

/**
 * The settings document as the renderer knows it: the Settings sections and the works' bells
 * (schedule rows, works view) read this one copy, and every save replaces it with what the core stored (the core
 * validates and normalises, e.g. orders the lead times), so nothing shows a value it did not keep.
 */
export type SettingsPatch = CommandInput<'settings:update'>

export const prefs = $state<{ doc: Settings | null }>({ doc: null })

let loading: Promise<void> | undefined

/** `fresh` re-reads the file (the Settings view on open); otherwise the first load is shared. */
export function loadPrefs(opts: { fresh?: boolean } = {}): Promise<void> {
  if (opts.fresh || !loading) {
    loading = invoke('settings:get').then((doc) => void (prefs.doc = doc))
  }
  return loading
}

/** Saves through the core; rejects with its UserError and leaves `prefs.doc` as it was. */
export async function savePrefs(patch: SettingsPatch): Promise<Settings> {
  const doc = await invoke('settings:update', patch)
  prefs.doc = doc
  return doc
}

/** Whether the work's bell is on: its programs are reminded of in the chosen mode. */
export const isReminded = (workId: number): boolean => (prefs.doc ? isWorkReminded(workId, prefs.doc.reminders) : true)

/** A work's bell: mutes or unmutes in `all-except-muted`, picks or unpicks in `only-picked`. */
export async function setReminded(workId: number, on: boolean): Promise<void> {
  await loadPrefs()
  if (!prefs.doc) return
  await savePrefs({ reminders: ringBell(workId, on, prefs.doc.reminders) })
}

/** "Don't let me miss it" for a work: its reminders repeat until acted on (core/reminders/repeats.ts). */
export async function setDontMiss(workId: number, on: boolean): Promise<void> {
  await loadPrefs()
  if (!prefs.doc) return
  await savePrefs({ reminders: { dontMissWorkIds: withId(prefs.doc.reminders.dontMissWorkIds, workId, on) } })
}

/** A work's own lead times (shared/work-leads.ts), or null to follow Settings' list again. */
export async function setWorkLeads(workId: number, leads: number[] | null): Promise<void> {
  await loadPrefs()
  if (!prefs.doc) return
  const { [String(workId)]: _, ...others } = prefs.doc.reminders.workLeadMinutes
  await savePrefs({ reminders: { workLeadMinutes: leads === null ? others : { ...others, [String(workId)]: leads } } })
}

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
  save(field: string, what: LocalizedText, patch: SettingsPatch, opts: { inline?: boolean } = {}): Promise<boolean> {
    return this.apply(field, what, () => savePrefs(patch), opts)
  }

  /**
   * As `save`, for a change that goes through its own command (e.g. `shortcuts:set`). An action that
   * resolves to null changed nothing, so nothing is announced.
   */
  async apply(
    field: string,
    what: LocalizedText,
    action: () => Promise<unknown>,
    opts: { inline?: boolean } = {}
  ): Promise<boolean> {
    this.saved = null
    this.failed = null
    delete this.errors[field]
    try {
      if ((await action()) !== null) this.saved = what
      return true
    } catch (err) {
      const { message } = asUserError(err)
      if (opts.inline === false) this.failed = message
      else this.errors[field] = message
      return false
    }
  }
}
