/**
 * Which Watched presses on reminders still stand: an `undone` entry of the history cancels the
 * watched entry with its `recordId`. Shared by the window's Reminders list and the repeats planner;
 * its own file, without zod, which the window does not bundle.
 */
import type { HistoryEntry } from './reminder-history'

/** Pure: the record ids of watched acts undone since, so lists and repeats treat them as never pressed. */
export const cancelledWatches = (entries: readonly HistoryEntry[]): ReadonlySet<string> =>
  new Set(entries.flatMap((e) => (e.outcome === 'undone' && e.recordId ? [e.recordId] : [])))

/** Pure: a Watched press still standing (not undone). `cancelled` from cancelledWatches. */
export const standingWatch = (e: HistoryEntry, cancelled: ReadonlySet<string>): boolean =>
  e.outcome === 'watched' && !(e.recordId && cancelled.has(e.recordId))
