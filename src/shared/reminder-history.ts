import { z } from 'zod'
import { CachedProgramSchema } from './schedule'

/**
 * What became of each reminder: the file `reminder-history.json` keeps it for a week, and
 * `onair reminders`, `onair doctor` and the window's Reminders list read it. One schema for the
 * file, the IPC answer and `onair reminders --json`.
 *
 * - `delivered`: shown, `lateMs` after its time (a group counts from the group's time);
 * - `missed`: summarised as missed (`why` as in the missed delivery), `reminders` says which;
 * - `again`: shown again, "don't let me miss it" (its reminder was not acted on; `lateMs` as delivered);
 * - `repeat`: not shown, because another process of the folder had already shown it;
 * - `quiet`: not shown, its time fell in quiet hours;
 * - `snoozed`: Snooze pressed, comes back at `until`;
 * - `watched`, `opened`: Watched pressed, or the notification clicked; a watched entry names the
 *   outbox record it queued (`recordId`);
 * - `undone`: that record undone within its undo window (same `recordId`): the watched entry stays,
 *   the log is honest, and this one cancels it (standing-watches.ts);
 * - `elsewhere`: the episode was recorded elsewhere (another client, a phone, a second Onair): a poll
 *   no longer listed it as unwatched, so its shown notification was withdrawn and nothing more comes;
 * - `premiere`: a work's premiere announced (its key `premiere:<work id>`, `offsetMinutes` before
 *   its start), one entry per work even when one notice named several.
 */
export const HISTORY_OUTCOMES = [
  'delivered',
  'again',
  'missed',
  'repeat',
  'quiet',
  'snoozed',
  'watched',
  'opened',
  'premiere',
  'undone',
  'elsewhere'
] as const
export type HistoryOutcome = (typeof HISTORY_OUTCOMES)[number]

export const HistoryReminderSchema = z.object({
  key: z.string(),
  offsetMinutes: z.int(),
  /** When it was due (epoch ms). */
  fireAt: z.number(),
  program: CachedProgramSchema
})
export type HistoryReminder = z.output<typeof HistoryReminderSchema>

export const HistoryEntrySchema = z.object({
  /** When it happened (epoch ms); for `quiet`, when the reminder would have been shown. */
  at: z.number(),
  outcome: z.enum(HISTORY_OUTCOMES),
  reminders: z.array(HistoryReminderSchema),
  lateMs: z.number().optional(),
  why: z.enum(['away', 'not-running', 'shifted']).optional(),
  until: z.number().optional(),
  recordId: z.string().optional()
})
export type HistoryEntry = z.output<typeof HistoryEntrySchema>
