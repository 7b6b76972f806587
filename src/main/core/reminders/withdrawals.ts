import type { HistoryEntry, HistoryReminder } from '../../../shared/reminder-history'
import type { CachedProgram, Reminder } from '../../../shared/schedule'
import { cancelledWatches, standingWatch } from '../../../shared/standing-watches'
import { broadcastOf } from './repeats'
import type { SnoozesDoc } from './snoozes'

/**
 * Reminders of an episode recorded elsewhere (another client, a phone, a recorder plug-in, a second
 * Onair on another folder): what to take back, decided here from plain values; withdraw.ts acts.
 * The service's own filter says it: a broadcast Onair knew that a complete, successful walk of
 * `filter_unwatched` no longer lists while its start is inside the window asked for.
 */
const MINUTE = 60_000
/** A repeat or a snooze is checked this long before it is due, when the last poll is older than STALE_POLL_MS. */
export const CHECK_AHEAD_MS = MINUTE
/** A poll younger than this is news enough: a repeat or snooze then goes out without asking again. */
export const STALE_POLL_MS = 5 * MINUTE

/** The known broadcasts that a walk of `window` left out: no longer unwatched. Pure. */
export function goneFromPoll(
  known: readonly CachedProgram[],
  listed: readonly CachedProgram[],
  window: { from: number; to: number }
): CachedProgram[] {
  const still = new Set(listed.map((p) => p.id))
  return known.filter((p) => {
    const at = Date.parse(p.startedAt)
    return !still.has(p.id) && at >= window.from && at <= window.to
  })
}

/** What withdrawing these broadcasts means for the folder's files and the screen. */
export interface Withdrawal {
  /** Notification ids (a reminder's key, which its snooze and repeats show under) to take off the screen. */
  notifications: string[]
  /** Snoozes of these broadcasts: dropped, they would remind of an episode already seen. */
  snoozes: string[]
  /** One `elsewhere` entry per broadcast a reminder was shown for and not marked watched here. */
  history: HistoryEntry[]
}

const SHOWN: ReadonlySet<HistoryEntry['outcome']> = new Set(['delivered', 'again', 'snoozed'])

/**
 * Pure. A single reminder's notification has its key for id (a group's or a summary's names
 * several shows, and stays). `recordedHere`: the episodes this folder's outbox recorded, whose
 * Watched the history already tells.
 */
export function withdrawalOf(
  gone: readonly CachedProgram[],
  entries: readonly HistoryEntry[],
  snoozes: SnoozesDoc,
  recordedHere: ReadonlySet<number>,
  now: number
): Withdrawal {
  const byBroadcast = new Map(gone.map((p) => [broadcastOf(p.id, p.startedAt), p]))
  const ofGone = (r: HistoryReminder) => byBroadcast.has(broadcastOf(r.program.id, r.program.startedAt))
  const notifications = new Set<string>()
  const shown = new Map<string, HistoryReminder>()
  // Said already: withdrawn before, or marked watched on the reminder here.
  const told = new Set<string>()
  const cancelled = cancelledWatches(entries)
  for (const e of entries) {
    for (const r of e.reminders.filter(ofGone)) {
      const broadcast = broadcastOf(r.program.id, r.program.startedAt)
      if (e.outcome === 'elsewhere' || standingWatch(e, cancelled)) told.add(broadcast)
      if (!SHOWN.has(e.outcome)) continue
      shown.set(broadcast, r)
      if (e.reminders.length === 1) notifications.add(r.key)
    }
  }
  const history: HistoryEntry[] = [...shown]
    .filter(([b, r]) => !told.has(b) && !(r.program.episode && recordedHere.has(r.program.episode.id)))
    .map(([, r]) => ({ at: now, outcome: 'elsewhere', reminders: [r] }))
  const snoozed = Object.entries(snoozes.snoozes)
    .filter(([, s]) => byBroadcast.has(broadcastOf(s.programId, s.startedAt)))
    .map(([key]) => key)
  return { notifications: [...notifications], snoozes: snoozed, history }
}

/** The earliest repeat or snooze not checked yet, and when to check it: CHECK_AHEAD_MS before it is due. Pure. */
export function nextCheck(
  pending: readonly Reminder[],
  snoozed: ReadonlySet<string>,
  checked: ReadonlySet<string>
): { at: number; reminder: Reminder } | null {
  const next = pending
    .filter((r) => (r.repeat !== undefined || snoozed.has(r.key)) && !checked.has(checkId(r)))
    .sort((a, b) => a.fireAt - b.fireAt)[0]
  return next ? { at: next.fireAt - CHECK_AHEAD_MS, reminder: next } : null
}

/** Whether the last good poll is too old to trust for a repeat or snooze about to go out. Pure. */
export const pollIsStale = (lastPollAt: number | null, now: number): boolean =>
  lastPollAt === null || now - lastPollAt > STALE_POLL_MS

/** One check per due moment of a reminder: a snooze pressed again is a new moment to check. */
export const checkId = (r: Pick<Reminder, 'key' | 'fireAt'>): string => `${r.key}@${r.fireAt}`
