import type { ReminderHistoryView } from '../../../../shared/contract'
import { cancelledWatches, standingWatch } from '../../../../shared/standing-watches'
import type { HistoryEntry, HistoryReminder } from '../../../../shared/reminder-history'
import type { SnoozeChoice } from '../../../../shared/snooze-choice'

/** One line of the Reminders list: one reminder in one entry of the history. */
export interface ReminderRow {
  id: string
  entry: HistoryEntry
  reminder: HistoryReminder
  /** Watched and Snooze still work: the reminder's newest row, on the schedule, not marked watched, no premiere. */
  canAct: boolean
  /** The snooze choices it offers (the default first); none when it cannot act. */
  snoozes: readonly SnoozeChoice[]
}

/**
 * Pure: the history as the list shows it, newest first. A missed summary names several reminders,
 * each gets its row. The buttons go on a reminder's newest row only, so a reminder delivered,
 * then snoozed, offers them once; once watched, it offers none, until that Watched is undone;
 * withdrawn (recorded elsewhere), none.
 */
export function reminderRows(
  view: Pick<ReminderHistoryView, 'entries' | 'actionable'> & Partial<Pick<ReminderHistoryView, 'snoozes'>>
): ReminderRow[] {
  const actionable = new Set(view.actionable)
  const cancelled = cancelledWatches(view.entries)
  const watched = new Set(
    view.entries.filter((e) => standingWatch(e, cancelled)).flatMap((e) => e.reminders.map((r) => r.key))
  )
  const offered = new Set<string>()
  const rows: ReminderRow[] = []
  for (let i = view.entries.length - 1; i >= 0; i--) {
    const entry = view.entries[i]!
    for (const reminder of entry.reminders) {
      // Recorded elsewhere, the reminder was taken back: nothing is left to press, on any of its rows.
      if (entry.outcome === 'elsewhere') offered.add(reminder.key)
      // A premiere notice announces a work; its broadcast's own reminders carry the buttons.
      const canAct =
        entry.outcome !== 'premiere' &&
        actionable.has(reminder.key) &&
        !watched.has(reminder.key) &&
        !offered.has(reminder.key)
      if (canAct) offered.add(reminder.key)
      const snoozes = canAct ? (view.snoozes?.[reminder.key] ?? []) : []
      rows.push({ id: `${i}:${reminder.key}`, entry, reminder, canAct, snoozes })
    }
  }
  return rows
}

/** Below a minute late counts as on time: the timer's and the notifier's own delays are seconds. */
export const isLate = (lateMs: number | undefined): lateMs is number => (lateMs ?? 0) >= 60_000
