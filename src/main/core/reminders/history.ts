import { z } from 'zod'
import {
  HistoryEntrySchema,
  type HistoryEntry,
  type HistoryOutcome,
  type HistoryReminder
} from '../../../shared/reminder-history'
import type { CachedProgram, Delivery, Reminder } from '../../../shared/schedule'
import type { DocumentStore } from '../store/document'
import type { ReminderRef } from '../notify'

export const HistoryDoc = z.object({ version: z.literal(1), entries: z.array(HistoryEntrySchema) })
export type HistoryDoc = z.output<typeof HistoryDoc>

/**
 * The reminder history (`reminder-history.json`): what became of every reminder this week, in
 * whichever process of the folder it happened. Every change is one transaction of its store
 * (under the file's lock, re-reading the file), so the app and `onair run` both append safely.
 * Writing it never stops a reminder: callers report a failed write and carry on.
 */
const DAY = 24 * 60 * 60_000
export const HISTORY_KEEP_MS = 7 * DAY
/**
 * Bounds the file (about 300 bytes a reminder): a week of a full season at three lead times is
 * far below it, and a transaction re-reads and rewrites the whole document.
 */
export const MAX_HISTORY_ENTRIES = 1000
/** A missed summary of more shows keeps the first ones; the notification listed them all. */
export const MAX_REMINDERS_PER_ENTRY = 50

export const emptyHistory = (): HistoryDoc => ({ version: 1, entries: [] })

export const historyReminder = (r: Reminder): HistoryReminder => ({
  key: r.key,
  offsetMinutes: r.offsetMinutes,
  fireAt: r.fireAt,
  program: r.program
})

/** The reminder a history row names, as a button or a command acts on it. */
export const refOf = (r: HistoryReminder): ReminderRef => ({
  key: r.key,
  programId: r.program.id,
  startedAt: r.program.startedAt,
  offsetMinutes: r.offsetMinutes
})

/** Pure: `doc` with `added`, oldest first, nothing older than a week, at most the newest MAX entries. */
export function withEntries(doc: HistoryDoc, added: readonly HistoryEntry[], now: number): HistoryDoc {
  const kept = [
    ...doc.entries,
    ...added.map((e) => ({ ...e, reminders: e.reminders.slice(0, MAX_REMINDERS_PER_ENTRY) }))
  ].filter((e) => e.at > now - HISTORY_KEEP_MS)
  kept.sort((a, b) => a.at - b.at)
  return { version: 1, entries: kept.slice(-MAX_HISTORY_ENTRIES) }
}

/** Pure: what a delivery leaves in the history, shown at `firedAt`: a repeat is an entry `again` of its own. */
export function deliveryEntries(d: Delivery, firedAt: number): HistoryEntry[] {
  if (d.kind === 'missed')
    return [{ at: firedAt, outcome: 'missed', reminders: d.reminders.map(historyReminder), why: d.why ?? 'away' }]
  const reminders = d.kind === 'single' ? [d.reminder] : d.reminders
  const dueAt = d.kind === 'single' ? d.reminder.fireAt : d.fireAt
  const entry = (outcome: 'delivered' | 'again', of: Reminder[]): HistoryEntry[] =>
    of.length === 0 ? [] : [{ at: firedAt, outcome, reminders: of.map(historyReminder), lateMs: firedAt - dueAt }]
  return [
    ...entry(
      'delivered',
      reminders.filter((r) => !r.repeat)
    ),
    ...entry(
      'again',
      reminders.filter((r) => r.repeat)
    )
  ]
}

/**
 * Pure: the reminder a pressed button or a click was about, as the history shows it: from the
 * schedule while the program is on it, else from the history's own record of that reminder.
 */
export function remindedOf(
  ref: ReminderRef,
  programs: readonly CachedProgram[],
  doc: HistoryDoc
): HistoryReminder | undefined {
  const program = programs.find((p) => p.id === ref.programId && p.startedAt === ref.startedAt)
  if (program) {
    const fireAt =
      doc.entries.flatMap((e) => e.reminders).find((r) => r.key === ref.key)?.fireAt ?? Date.parse(ref.startedAt)
    return { key: ref.key, offsetMinutes: ref.offsetMinutes, fireAt, program }
  }
  for (let i = doc.entries.length - 1; i >= 0; i--) {
    const found = doc.entries[i]!.reminders.find((r) => r.key === ref.key)
    if (found) return found
  }
  return undefined
}

/** Pure: how many of each outcome since `from` (`onair doctor`). */
export function countOutcomes(doc: HistoryDoc, from: number): Partial<Record<HistoryOutcome, number>> {
  const counts: Partial<Record<HistoryOutcome, number>> = {}
  for (const e of doc.entries) if (e.at >= from) counts[e.outcome] = (counts[e.outcome] ?? 0) + e.reminders.length
  return counts
}

export interface ReminderHistory {
  read(): HistoryDoc
  /** Appends (and prunes) in one transaction. */
  add(entries: readonly HistoryEntry[], now: number): void
  /**
   * Reminders quiet hours held back, each recorded once (at the time it would have been shown),
   * however often this is called: the check and the append are one transaction.
   */
  holdQuiet(held: readonly Reminder[], now: number): void
}

export function historyOver(store: DocumentStore<HistoryDoc>): ReminderHistory {
  const unrecorded = (doc: HistoryDoc, held: readonly Reminder[]): Reminder[] => {
    const known = new Set(
      doc.entries.filter((e) => e.outcome === 'quiet').flatMap((e) => e.reminders.map((r) => r.key))
    )
    return held.filter((r) => !known.has(r.key))
  }
  const add = (entries: readonly HistoryEntry[], now: number): void => {
    if (entries.length > 0) store.update((doc) => withEntries(doc, entries, now))
  }
  return {
    read: () => store.read(),
    add,
    holdQuiet(held, now) {
      // Most calls find nothing new: a read costs a stat, a transaction a lock and a write.
      if (unrecorded(store.read(), held).length === 0) return
      store.update((doc) =>
        withEntries(
          doc,
          unrecorded(doc, held).map((r) => ({ at: r.fireAt, outcome: 'quiet', reminders: [historyReminder(r)] })),
          now
        )
      )
    }
  }
}
