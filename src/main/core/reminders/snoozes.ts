import { z } from 'zod'
import type { CachedProgram, Reminder } from '../../../shared/schedule'
import type { ReminderSettings } from '../../../shared/settings'
import { channelRule } from '../../../shared/watch-time'
import type { DocumentStore } from '../store/document'
import { isWanted, oldestOnTime } from './planner'
import type { ReminderRef } from '../notify'

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
 * Action Center, the snoozed reminder snoozed again): the last press wins, at the time it chose.
 */
export const SnoozesDoc = z.object({
  version: z.literal(1),
  snoozes: z.record(z.string(), SnoozeEntry)
})
export type SnoozesDoc = z.output<typeof SnoozesDoc>

/** A plain "Snooze" on a reminder brings it back this long after the press (snooze-choices.ts has the others). */
export const SNOOZE_MS = 5 * 60_000

export const emptySnoozes = (): SnoozesDoc => ({ version: 1, snoozes: {} })

export type SnoozeResult =
  | { ok: true; fireAt: number }
  /** The program left the schedule (watched, cancelled) or moved (its new slot has its own reminders). */
  | { ok: false; reason: 'not-scheduled' }

/** A snooze is for a broadcast still on the schedule, at the time the reminder was about. */
export function scheduledProgram(
  ref: Pick<ReminderRef, 'programId' | 'startedAt'>,
  programs: readonly CachedProgram[]
): CachedProgram | undefined {
  return programs.find((p) => p.id === ref.programId && p.startedAt === ref.startedAt)
}

/** What the snoozes mean at `now`, for the scheduler. Pure. */
export interface SnoozeSort {
  /** Not due yet and still deliverable: the scheduler's timer waits for these too. */
  pending: Reminder[]
  /** Due, within the grace period: delivered as the reminder again. */
  due: Reminder[]
  /** Due longer ago than the grace period: summarised as missed, like any reminder. */
  late: Reminder[]
  /** Every entry that is due, deliverable or not: taken out of the document when settled. */
  settle: Array<{ key: string; fireAt: number }>
}

/**
 * A due snooze whose program is gone, moved, or muted meanwhile (its work or its channel) is
 * settled without a word. Quiet hours do not hold a snooze back: the user asked for it minutes
 * ago. It carries its channel's offset, so it words the time the episode can be watched, as the
 * reminder did.
 */
export function sortSnoozes(
  doc: SnoozesDoc,
  programs: readonly CachedProgram[],
  settings: ReminderSettings,
  now: number
): SnoozeSort {
  const sorted: SnoozeSort = { pending: [], due: [], late: [], settle: [] }
  const oldest = oldestOnTime(now, settings)
  for (const [key, e] of Object.entries(doc.snoozes)) {
    const program = scheduledProgram(e, programs)
    const rule = program ? channelRule(settings.channels, program.channel.id) : null
    const reminder: Reminder | null =
      program && rule && !rule.muted && isWanted(program, settings)
        ? {
            key,
            programId: e.programId,
            offsetMinutes: e.offsetMinutes,
            startedAt: e.startedAt,
            fireAt: e.fireAt,
            program,
            shiftMinutes: rule.offsetMinutes
          }
        : null
    if (e.fireAt > now) {
      if (reminder) sorted.pending.push(reminder)
      continue
    }
    sorted.settle.push({ key, fireAt: e.fireAt })
    if (reminder) (e.fireAt >= oldest ? sorted.due : sorted.late).push(reminder)
  }
  return sorted
}

export interface Snoozes {
  read(): SnoozesDoc
  /** Persists a snooze of `ref` pressed at `now` until `fireAt` (the default: SNOOZE_MS), replacing any earlier one of it; its fireAt. */
  add(ref: ReminderRef, now: number, fireAt?: number): number
  /**
   * Removes these due entries if they are still as seen (a newer press moved fireAt: that one
   * waits), in one transaction under the file's lock: of two processes only one gets a key.
   * Returns the keys taken; only those are delivered.
   */
  take(due: ReadonlyArray<{ key: string; fireAt: number }>): Set<string>
  /** Removes these snoozes whatever their time (their episode was recorded elsewhere). */
  drop(keys: readonly string[]): void
}

export function snoozesOver(store: DocumentStore<SnoozesDoc>): Snoozes {
  return {
    read: () => store.read(),
    add(ref, now, fireAt = now + SNOOZE_MS) {
      store.update((doc) => ({
        ...doc,
        snoozes: {
          ...doc.snoozes,
          [ref.key]: {
            programId: ref.programId,
            startedAt: ref.startedAt,
            offsetMinutes: ref.offsetMinutes,
            fireAt,
            requestedAt: now
          }
        }
      }))
      return fireAt
    },
    take(due) {
      const taken = new Set<string>()
      if (due.length === 0) return taken
      store.update((doc) => {
        const snoozes = { ...doc.snoozes }
        for (const { key, fireAt } of due) {
          if (snoozes[key]?.fireAt !== fireAt) continue
          delete snoozes[key]
          taken.add(key)
        }
        return { ...doc, snoozes }
      })
      return taken
    },
    drop(keys) {
      if (keys.length === 0) return
      store.update((doc) => ({
        ...doc,
        snoozes: Object.fromEntries(Object.entries(doc.snoozes).filter(([key]) => !keys.includes(key)))
      }))
    }
  }
}
