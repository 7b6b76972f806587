import { invoke } from './api'
import type { LocalizedText } from '../../../shared/contract'
import { both } from './fill'
import * as c from './calendar-strings'

/**
 * "Export .ics", from the schedule's head and from Settings → Calendar: the main process asks where
 * to save (its save dialog) and writes the feed there. Says where it went, or nothing when the user
 * cancelled the dialog; a failure rejects with the core's UserError.
 */
export async function exportCalendar(): Promise<LocalizedText | null> {
  const { path } = await invoke('calendar:export')
  return path ? both(c.exported, { path }) : null
}
