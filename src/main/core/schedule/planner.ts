import type { CachedProgram, Delivery, Reminder, ReminderSettings } from '../../../shared/schedule'
import { isWorkReminded } from '../../../shared/reminder-mode'
import { isInQuietHours } from './local-time'

/** What the planner needs from the delivered ledger; a Set of keys works too. */
export interface DeliveredKeys {
  has(key: string): boolean
}

const MINUTE = 60_000

/**
 * A timer wakes a few milliseconds late, an event loop busy with a poll a little more: a reminder
 * this close to its time is on time, whatever the grace period (`graceMinutes: 0` included).
 */
export const ON_TIME_TOLERANCE_MS = 5_000

/** The oldest fireAt still delivered late at `now` rather than summarised as missed. */
export const oldestOnTime = (now: number, settings: Pick<ReminderSettings, 'graceMinutes'>): number =>
  now - settings.graceMinutes * MINUTE - ON_TIME_TOLERANCE_MS

/** The start time is part of the key so that a moved broadcast is reminded again. */
export function reminderKey(programId: number, startedAt: string, offsetMinutes: number): string {
  return `${programId}:${startedAt}:${offsetMinutes}`
}

/**
 * The reminders that should exist at `now`. Reminders already past but within the grace period
 * are kept with their original fireAt: whether to fire them late is the scheduler's decision.
 */
export function plan(
  programs: readonly CachedProgram[],
  settings: ReminderSettings,
  now: number,
  ledger: DeliveredKeys
): Reminder[] {
  const oldest = oldestOnTime(now, settings)
  const byKey = new Map<string, Reminder>()
  for (const program of programs) {
    const start = Date.parse(program.startedAt)
    if (Number.isNaN(start)) continue
    for (const offsetMinutes of settings.leadMinutes) {
      const key = reminderKey(program.id, program.startedAt, offsetMinutes)
      if (byKey.has(key) || ledger.has(key)) continue
      const fireAt = start - offsetMinutes * MINUTE
      if (fireAt < oldest || isSuppressed(program, fireAt, settings)) continue
      byKey.set(key, { key, programId: program.id, offsetMinutes, startedAt: program.startedAt, fireAt, program })
    }
  }
  return [...byKey.values()].sort(byFireAtThenKey)
}

/** The user asked not to hear about this one: unwanted work, hidden rebroadcast or quiet hours. */
export function isSuppressed(program: CachedProgram, fireAt: number, settings: ReminderSettings): boolean {
  return !isWanted(program, settings) || isInQuietHours(fireAt, settings.quietHours, settings.timeZone)
}

/**
 * Whether the user wants this program at all (reminders, calendar): its work is reminded of in the
 * chosen mode (not muted, or picked) and it is not a hidden rebroadcast.
 */
export function isWanted(program: CachedProgram, settings: ReminderSettings): boolean {
  return isWorkReminded(program.work.id, settings) && !(settings.hideRebroadcasts && program.isRebroadcast)
}

export function byFireAtThenKey(a: Reminder, b: Reminder): number {
  return a.fireAt - b.fireAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
}

/**
 * Reminders due in the same second become one `group` delivery once there are `threshold` of
 * them, so a Sunday-morning block does not stack a column of notifications.
 */
export function groupDue(reminders: readonly Reminder[], threshold: number): Delivery[] {
  const bySecond = new Map<number, Reminder[]>()
  for (const r of [...reminders].sort(byFireAtThenKey)) {
    const second = Math.floor(r.fireAt / 1000)
    const bucket = bySecond.get(second)
    if (bucket) bucket.push(r)
    else bySecond.set(second, [r])
  }
  const deliveries: Delivery[] = []
  for (const bucket of bySecond.values()) {
    if (bucket.length >= threshold) {
      deliveries.push({ kind: 'group', reminders: bucket, fireAt: bucket[0]!.fireAt })
    } else {
      for (const reminder of bucket) deliveries.push({ kind: 'single', reminder })
    }
  }
  return deliveries
}
