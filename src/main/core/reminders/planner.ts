import type { CachedProgram, Delivery, Reminder } from '../../../shared/schedule'
import type { ReminderSettings } from '../../../shared/settings'
import { isWorkReminded } from '../../../shared/reminder-mode'
import { leadsOf } from '../../../shared/work-leads'
import { isInQuietHours } from './local-time'
import { NOTHING_ACTED_ON, repeatsOf, type ActedOn, type DeliveredAt } from './repeats'
import { reminderKey, slotsOf, type Slot } from './slots'

const MINUTE = 60_000

/**
 * A timer wakes a few milliseconds late, an event loop busy with a poll a little more: a reminder
 * this close to its time is on time, whatever the grace period (`graceMinutes: 0` included).
 */
export const ON_TIME_TOLERANCE_MS = 5_000

/** The oldest fireAt still delivered late at `now` rather than summarised as missed. */
export const oldestOnTime = (now: number, settings: Pick<ReminderSettings, 'graceMinutes'>): number =>
  now - settings.graceMinutes * MINUTE - ON_TIME_TOLERANCE_MS

/**
 * Every reminder the user wants and has not had, at whatever time it falls: one per chosen slot
 * (see slots.ts) and lead time, at the slot's watch time minus the lead. A reminder counts as
 * delivered when the ledger has its key or the key of the same episode on a sibling channel.
 */
export function candidates(
  programs: readonly CachedProgram[],
  settings: ReminderSettings,
  ledger: DeliveredAt
): Reminder[] {
  return notQuiet(undelivered(wantedSlots(programs, settings), settings, ledger), settings)
}

const notQuiet = (reminders: Reminder[], settings: ReminderSettings): Reminder[] =>
  reminders.filter((r) => !isInQuietHours(r.fireAt, settings.quietHours, settings.timeZone))

const wantedSlots = (programs: readonly CachedProgram[], settings: ReminderSettings): Slot[] =>
  slotsOf(programs, settings, (p) => isWanted(p, settings))

/** The reminders quiet hours hold back: what `candidates` would add but for them (the history says so). */
export function heldByQuietHours(
  programs: readonly CachedProgram[],
  settings: ReminderSettings,
  ledger: DeliveredAt
): Reminder[] {
  return undelivered(wantedSlots(programs, settings), settings, ledger).filter((r) =>
    isInQuietHours(r.fireAt, settings.quietHours, settings.timeZone)
  )
}

function undelivered(slots: readonly Slot[], settings: ReminderSettings, ledger: DeliveredAt): Reminder[] {
  const found: Reminder[] = []
  for (const { program, watchAt, shiftMinutes, siblings } of slots) {
    for (const offsetMinutes of leadsOf(program.work.id, settings)) {
      const key = reminderKey(program.id, program.startedAt, offsetMinutes)
      const same = siblings.map((p) => ({ key: reminderKey(p.id, p.startedAt, offsetMinutes), startedAt: p.startedAt }))
      if (ledger.has(key) || same.some((s) => ledger.has(s.key))) continue
      found.push({
        key,
        programId: program.id,
        offsetMinutes,
        startedAt: program.startedAt,
        fireAt: watchAt - offsetMinutes * MINUTE,
        program,
        shiftMinutes,
        ...(same.length > 0 ? { siblings: same } : {})
      })
    }
  }
  return found
}

/** The plan at one moment, as the scheduler reconciles its timer and the ledger with it. */
export interface Plan {
  /** What should exist. */
  reminders: Reminder[]
  /**
   * Every reminder wanted and not delivered, too late ones included (the scheduler summarises
   * those). Never a repeat: a repeat that came too late is simply not shown, as nothing was missed.
   */
  open: Reminder[]
  /** The oldest fireAt still delivered late rather than summarised as missed. */
  tooLate: number
}

/**
 * The reminders that should exist at `now`, with what they were made from, so the scheduler
 * computes the candidates once. Reminders already past but within the grace period are kept with
 * their original fireAt: whether to fire them late is the scheduler's decision. With the history's
 * acts, the repeats of "don't let me miss it" (repeats.ts) are among them.
 */
export function planAt(
  programs: readonly CachedProgram[],
  settings: ReminderSettings,
  now: number,
  ledger: DeliveredAt,
  acted: ActedOn = NOTHING_ACTED_ON
): Plan {
  const slots = wantedSlots(programs, settings)
  const open = notQuiet(undelivered(slots, settings, ledger), settings)
  const tooLate = oldestOnTime(now, settings)
  const reminders = [...open, ...repeatsOf(slots, settings, ledger, acted)].filter((r) => r.fireAt >= tooLate)
  return { reminders: reminders.sort(byFireAtThenKey), open, tooLate }
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
