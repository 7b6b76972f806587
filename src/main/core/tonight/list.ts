import type { CachedProgram } from '../../../shared/schedule'
import type { Settings } from '../../../shared/settings'
import { channelRule, watchAt } from '../../../shared/watch-time'
import { dateFormat, localMinuteOfDay } from '../reminders/local-time'
import { isWanted } from '../reminders/planner'

/**
 * "Tonight's list", decided without timers: which broadcast day it is (TV guides end a day at
 * `ui.dayBoundary`, 05:00 by default, so 01:30 is 25:30 of the evening before), when that day's
 * notice is due, and what is still to air in it under the reminders' own rules. Wall times are
 * read in the reminders' zone (`reminders.timeZone`, else the system's), asked of Intl so a
 * daylight-saving switch moves nothing.
 */
const MINUTE = 60_000
const DAY_MINUTES = 24 * 60

/** `'05:00'` → 300: minutes since midnight of a wall time (the settings schema guarantees the form). */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** `YYYY-MM-DD` of the local calendar date of an instant. */
function localDate(ms: number, timeZone: string | undefined): string {
  const parts = dateFormat('en', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(ms)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** The broadcast day (`YYYY-MM-DD`) an instant belongs to. */
export function broadcastDayOf(ms: number, boundary: string, timeZone?: string): string {
  const date = localDate(ms, timeZone)
  if (localMinuteOfDay(ms, timeZone) >= minutesOf(boundary)) return date
  const noon = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) - 1, 12)
  return new Date(noon).toISOString().slice(0, 10)
}

/** `at` (a wall time) moved onto the instant near `guess` that shows it: an hour either way covers a DST switch. */
function showing(guess: number, at: number, timeZone: string | undefined): number {
  for (const shift of [0, -60, 60]) {
    const t = guess + shift * MINUTE
    if (localMinuteOfDay(t, timeZone) === at) return t
  }
  // A wall time skipped by a switch forward: the moment it would have been.
  return guess
}

export interface TonightMoments {
  /** The broadcast day `now` is in: the key of its one notice. */
  day: string
  /** When that day's notice is due (may be past). */
  due: number
  /** When the next broadcast day's notice is due. */
  next: number
}

/** When the notice at wall time `at` falls in the broadcast day of `now`, and in the next one. */
export function tonightMoments(now: number, settings: Pick<Settings, 'tonight' | 'ui' | 'reminders'>): TonightMoments {
  const { timeZone } = settings.reminders
  const boundary = minutesOf(settings.ui.dayBoundary)
  const at = minutesOf(settings.tonight.at)
  const minute = Math.floor(now / MINUTE) * MINUTE
  // Minutes into the broadcast day, of now and of the notice.
  const intoDay = (m: number) => (m - boundary + DAY_MINUTES) % DAY_MINUTES
  const due = showing(minute + (intoDay(at) - intoDay(localMinuteOfDay(now, timeZone))) * MINUTE, at, timeZone)
  return {
    day: broadcastDayOf(now, settings.ui.dayBoundary, timeZone),
    due,
    next: showing(due + DAY_MINUTES * MINUTE, at, timeZone)
  }
}

/**
 * The programs still to air in the broadcast day of `now`, as the reminders would have them: a
 * work reminded of in the chosen mode, not a hidden rebroadcast, not on a muted channel, each
 * episode once (its earliest slot) when reminders go one per episode; timed by when they can be
 * watched (a channel's offset), soonest first.
 */
export function tonightPrograms(
  programs: readonly CachedProgram[],
  settings: Pick<Settings, 'ui' | 'reminders'>,
  now: number
): CachedProgram[] {
  const { reminders, ui } = settings
  const day = broadcastDayOf(now, ui.dayBoundary, reminders.timeZone)
  const seen = new Map<string, { program: CachedProgram; at: number }>()
  for (const program of programs) {
    const at = watchAt(program, reminders.channels)
    if (!(at >= now) || broadcastDayOf(at, ui.dayBoundary, reminders.timeZone) !== day) continue
    if (!isWanted(program, reminders) || channelRule(reminders.channels, program.channel.id).muted) continue
    const key = reminders.onePerEpisode && program.episode ? `e${program.episode.id}` : `p${program.id}`
    const kept = seen.get(key)
    if (!kept || at < kept.at) seen.set(key, { program, at })
  }
  return [...seen.values()].sort((a, b) => a.at - b.at || a.program.id - b.program.id).map((e) => e.program)
}
