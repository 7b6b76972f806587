import { z } from 'zod'
import { HistoryEntrySchema } from '../../../shared/reminder-history'

/* The schemas of the reminders' own files, which files.ts opens. */

export const LedgerDoc = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.object({ deliveredAt: z.number(), startedAt: z.number() })),
  /** The last moment reminders were being served from this folder (any process): the heartbeat. */
  servedAt: z.number().optional()
})
export type LedgerDoc = z.output<typeof LedgerDoc>

const SnoozeEntry = z.object({
  programId: z.int(),
  startedAt: z.string(),
  offsetMinutes: z.int(),
  fireAt: z.number(),
  requestedAt: z.number()
})

/**
 * `snoozes.json`: the snoozed reminders of the data folder, keyed by the reminder's own key, so a
 * reminder has at most one snooze whatever presses it (a double click, the same toast in the
 * Action Center, the snoozed reminder snoozed again): the last press wins, +5 min from it.
 */
export const SnoozesDoc = z.object({
  version: z.literal(1),
  snoozes: z.record(z.string(), SnoozeEntry)
})
export type SnoozesDoc = z.output<typeof SnoozesDoc>

export const HistoryDoc = z.object({ version: z.literal(1), entries: z.array(HistoryEntrySchema) })
export type HistoryDoc = z.output<typeof HistoryDoc>

export const PremieresDoc = z.object({
  version: z.literal(1),
  /** Work id → when its premiere was announced. */
  works: z.record(z.string(), z.object({ notifiedAt: z.number() }))
})
export type PremieresDoc = z.output<typeof PremieresDoc>
