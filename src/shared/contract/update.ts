import { z } from 'zod'
import { LocalizedText } from './common'

/**
 * Settings → About: the version, the last check and what can be done, all worded by the core
 * (`core/update/view.ts`), which says the same in the tray menu; the window only shows it.
 */
export const UPDATE_ACTIONS = ['check', 'restart', 'download', 'later'] as const
export type UpdateAction = (typeof UPDATE_ACTIONS)[number]

export const UpdateView = z.strictObject({
  /** "Version 0.1.0 · Up to date (checked 16:20)." */
  status: LocalizedText,
  /** The buttons, in order: "Check now", or "Restart to update to X.Y.Z" / "Later". */
  actions: z.array(z.strictObject({ id: z.enum(UPDATE_ACTIONS), label: LocalizedText }))
})
export type UpdateView = z.output<typeof UpdateView>

export const updateCommands = {
  'update:status': { input: z.undefined(), output: UpdateView },
  /** A button of the view; an action not offered now changes nothing. */
  'update:act': { input: z.strictObject({ action: z.enum(UPDATE_ACTIONS) }), output: UpdateView }
} as const

export const updateEvents = {
  'update:changed': UpdateView
} as const
