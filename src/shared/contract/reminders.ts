import { z } from 'zod'
import { RecordEntry } from '../records'
import { HistoryEntrySchema } from '../reminder-history'
import { SNOOZE_CHOICES } from '../snooze-choice'

/** The window's Reminders list: the week's reminder history (core/reminders/history.ts). */
export const ReminderHistoryView = z.strictObject({
  /** Oldest first. */
  entries: z.array(HistoryEntrySchema),
  /** Keys of the reminders whose broadcast is still on the schedule: Watched and Snooze still work on them. */
  actionable: z.array(z.string()),
  /** The snooze choices of each actionable reminder, as they apply now (the default first). */
  snoozes: z.record(z.string(), z.array(z.enum(SNOOZE_CHOICES)))
})
export type ReminderHistoryView = z.output<typeof ReminderHistoryView>

/** A reminder as the history names it; checked again against the schedule before anything is done. */
export const ReminderRefInput = z.strictObject({
  key: z.string().min(1).max(200),
  programId: z.int().positive(),
  startedAt: z.iso.datetime({ offset: true }),
  offsetMinutes: z.int().min(-1440).max(1440)
})

export const remindersCommands = {
  'reminders:history': { input: z.undefined(), output: ReminderHistoryView },
  /**
   * Watched (through the outbox, with its undo window) or Snooze (`choice`, 5 minutes without) on a row of the list.
   * `ok: false` when the broadcast has left the schedule (or has no episode to record); Watched
   * answers with the outbox entry, whose Undo the list offers as the schedule does.
   */
  'reminders:act': {
    input: z.strictObject({
      ref: ReminderRefInput,
      action: z.enum(['watched', 'snooze']),
      choice: z.enum(SNOOZE_CHOICES).optional()
    }),
    output: z.strictObject({
      ok: z.boolean(),
      entry: RecordEntry.optional(),
      /** A snooze's return (epoch ms). */
      until: z.number().optional()
    })
  }
} as const
