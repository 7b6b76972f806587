import type { Settings } from '../../shared/settings'
import type { DocumentStore } from '../core/store/document'

/** What `onair run` changes for itself only, never in the saved settings. */
export interface SettingsOverrides {
  /** `--lead`: replaces the lead times. */
  leadMinutes?: number[]
  /** `--webhook <port>`: runs the receiver; without it the daemon runs none, whatever the app does. */
  webhookPort?: number
}

/**
 * The app's settings as the command line sees them: the app's file (store/settings.ts) with this
 * run's overrides on top. The command line never writes settings; a write here would be a bug, so it throws.
 */
export function cliSettings(file: DocumentStore<Settings>, overrides: SettingsOverrides = {}): DocumentStore<Settings> {
  const { leadMinutes, webhookPort } = overrides
  const withOverrides = (saved: Settings): Settings => ({
    ...saved,
    // Same order and uniqueness the settings schema gives saved lead times.
    reminders: leadMinutes
      ? { ...saved.reminders, leadMinutes: [...new Set(leadMinutes)].sort((a, b) => b - a) }
      : saved.reminders,
    // The app may run its own receiver on the saved port with the same secret: the daemon runs
    // one only when asked to, on the port asked for.
    inbox: { ...saved.inbox, webhook: { enabled: webhookPort !== undefined, port: webhookPort ?? 0 } }
  })
  // The reminders read settings at every use: one view per saved document, not one per read.
  let last: { saved: Settings; view: Settings } | undefined
  const read = (): Settings => {
    const saved = file.read()
    if (last?.saved !== saved) last = { saved, view: withOverrides(saved) }
    return last.view
  }
  const readOnly = (): never => {
    throw new Error('the command line never writes settings')
  }
  return { read, write: readOnly, update: readOnly }
}
