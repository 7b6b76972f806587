import type { HistoryEntry } from '../../../shared/reminder-history'
import { cancelledWatches, standingWatch } from '../../../shared/standing-watches'
import type { CachedProgram, Reminder } from '../../../shared/schedule'
import type { ReminderSettings } from '../../../shared/settings'
import { leadsOf } from '../../../shared/work-leads'
import { isInQuietHours } from './local-time'
import { reminderKey, type Slot } from './slots'

/**
 * "Don't let me miss it", for the works in `reminders.dontMissWorkIds`: a reminder
 * nobody acted on (no Watched, no Snooze, no click, in any process of the folder: the history
 * says; nor the episode recorded watched from anywhere: the outbox says) comes back when the episode can be watched and again 5 minutes later, then stops. Pure:
 * the planner adds these to its plan, and the ledger makes each one exactly-once like any reminder.
 */
const MINUTE = 60_000
/** Minutes after the watch time (the start, moved by the channel's offset) of each repeat. */
export const REPEAT_AFTER_MINUTES = [0, 5] as const
/** Lead-time reminders and repeats of one episode together never show more often than this. */
export const MAX_PER_EPISODE = 3

/** The history's outcomes that mean the user saw a reminder and did something about it (a Watched undone is not). */
const ACTS: ReadonlySet<HistoryEntry['outcome']> = new Set(['snoozed', 'opened'])

/** What the user did about an episode, wherever: the planner's whole view of it. */
export interface ActedOn {
  /** A reminder of this broadcast (keyed by `broadcastOf`) was acted on. */
  has(broadcast: string): boolean
  /**
   * The episode was recorded watched: from a reminder, a schedule row, the quick record, `onair
   * record` or a link, in any process (all of them queue it in the folder's outbox).
   */
  recorded(episodeId: number): boolean
}

export const NOTHING_ACTED_ON: ActedOn = { has: () => false, recorded: () => false }

/** A broadcast (program and start) as one string, however its start was written. */
export const broadcastOf = (programId: number, startedAt: string): string => `${programId}@${Date.parse(startedAt)}`

/**
 * Pure: the broadcasts the history shows an act on, whichever reminder of theirs (a repeat too) it
 * was, and the episodes recorded watched (records/watched-episodes.ts reads them from the outbox).
 */
export function actedOn(entries: readonly HistoryEntry[], recorded: ReadonlySet<number> = new Set()): ActedOn {
  const cancelled = cancelledWatches(entries)
  const broadcasts = new Set(
    entries
      .filter((e) => ACTS.has(e.outcome) || standingWatch(e, cancelled))
      .flatMap((e) => e.reminders.map((r) => broadcastOf(r.program.id, r.program.startedAt)))
  )
  return { has: (b) => broadcasts.has(b), recorded: (id) => recorded.has(id) }
}

/** Whether the user already did something about this airing (or its episode, aired anywhere). */
const done = (p: CachedProgram, acted: ActedOn): boolean =>
  acted.has(broadcastOf(p.id, p.startedAt)) || (p.episode !== null && acted.recorded(p.episode.id))

/**
 * Not a lead time's key (`:0`, `:10`): a repeat at the start is another delivery than the reminder
 * "at start", and each of the two repeats is claimed in the ledger on its own.
 */
export const repeatKey = (programId: number, startedAt: string, n: number): string =>
  `${programId}:${startedAt}:repeat${n}`

/** What the planner needs of the ledger: whether a key was delivered, and when if it knows. */
export interface DeliveredAt {
  has(key: string): boolean
  deliveredAt?(key: string): number | undefined
}

/**
 * The repeats of these slots that are still to come or due, quiet hours left out (they hold a
 * repeat as they hold any reminder; only a snooze passes them, and a snooze is an act: no repeats
 * after it). A repeat needs an earlier delivered reminder of its episode, never comes at a moment
 * a lead time reminds anyway, and counts toward MAX_PER_EPISODE with every lead time that did or
 * may still remind (those quiet hours hold back and nothing delivered do not count).
 */
export function repeatsOf(
  slots: readonly Slot[],
  settings: ReminderSettings,
  ledger: DeliveredAt,
  acted: ActedOn = NOTHING_ACTED_ON
): Reminder[] {
  const found: Reminder[] = []
  const quiet = (at: number) => isInQuietHours(at, settings.quietHours, settings.timeZone)
  for (const { program, siblings, watchAt, shiftMinutes } of slots) {
    if (!settings.dontMissWorkIds.includes(program.work.id)) continue
    const copies = [program, ...siblings]
    if (copies.some((p) => done(p, acted))) continue
    const leadAt = (lead: number) => watchAt - lead * MINUTE
    const leads = leadsOf(program.work.id, settings)
    // The lead-time reminders of this episode (any airing) in the ledger, with when each went out.
    const reminded = leads.flatMap((lead) =>
      delivered(
        copies.map((p) => reminderKey(p.id, p.startedAt, lead)),
        ledger
      ).map((d) => ({ ...d, lead }))
    )
    const shownAt = (lead: number) => earliestAt(reminded.filter((d) => d.lead === lead))
    // Nothing reminded yet (or quiet hours held every lead time): there is nothing to repeat.
    if (reminded.length === 0) continue
    const firstShown = earliestAt(reminded)!
    // The notification a repeat takes the place of: the one of the reminder shown last.
    const replaces = reminded.reduce((last, d) => (d.at >= last.at ? d : last)).key
    let count = leads.filter((lead) => !quiet(leadAt(lead)) || shownAt(lead) !== undefined).length
    REPEAT_AFTER_MINUTES.forEach((after, i) => {
      const n = i + 1
      const fireAt = watchAt + after * MINUTE
      const same = copies.map((p) => ({ key: repeatKey(p.id, p.startedAt, n), startedAt: p.startedAt }))
      if (same.some((s) => ledger.has(s.key))) return void count++
      if (count >= MAX_PER_EPISODE || firstShown >= fireAt || quiet(fireAt)) return
      if (leads.some((lead) => leadAt(lead) === fireAt)) return
      count++
      found.push(repeatOf(program, same, { n, fireAt, shiftMinutes, after, replaces }))
    })
  }
  return found
}

/** Which of these keys were delivered, and when: -Infinity for a ledger that does not say when. */
function delivered(keys: readonly string[], ledger: DeliveredAt): Array<{ key: string; at: number }> {
  return keys.filter((key) => ledger.has(key)).map((key) => ({ key, at: ledger.deliveredAt?.(key) ?? -Infinity }))
}

const earliestAt = (ds: ReadonlyArray<{ at: number }>): number | undefined =>
  ds.length === 0 ? undefined : Math.min(...ds.map((d) => d.at))

function repeatOf(
  program: CachedProgram,
  [own, ...siblings]: Array<{ key: string; startedAt: string }>,
  r: { n: number; fireAt: number; shiftMinutes: number; after: number; replaces: string }
): Reminder {
  return {
    key: own!.key,
    programId: program.id,
    // Counted back from the watch time, as a lead time is: -5 is "5 minutes after".
    offsetMinutes: 0 - r.after,
    startedAt: program.startedAt,
    fireAt: r.fireAt,
    program,
    shiftMinutes: r.shiftMinutes,
    repeat: r.n,
    // Every repeat shows under the same earlier notification: the third nag is still one entry.
    replaces: r.replaces,
    ...(siblings.length > 0 ? { siblings } : {})
  }
}
