/**
 * Broadcast days: TV guides end a day in the small hours (05:00 by default), so a 01:30 slot is
 * listed under the evening before, and may be written 25:30. Everything works on wall-clock parts
 * in the system's zone, which is what the app shows, so a DST change never moves a slot to another day.
 */
import { dateTimeFormat } from './intl'

export interface WallClock {
  /** `YYYY-MM-DD` of the calendar date. */
  date: string
  /** Minutes since local midnight. */
  minutes: number
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n))

// Date's local fields, not Intl: the same wall clock (both come from ICU) at a small fraction of the
// cost of formatting, and grouping a long schedule by day reads each program's.
export function wallClock(instant: string | number): WallClock {
  const at = new Date(instant)
  return {
    date: `${at.getFullYear()}-${pad2(at.getMonth() + 1)}-${pad2(at.getDate())}`,
    minutes: at.getHours() * 60 + at.getMinutes()
  }
}

/**
 * The settings' default boundary (05:00), until they arrive or when the core has none; the renderer
 * carries no other copy of the defaults (a unit test checks this one against the schema).
 */
export const DEFAULT_BOUNDARY = 5 * 60

/** `'05:00'` → 300. The settings schema already guarantees the form. */
export function boundaryMinutes(wallTime: string): number {
  return Number(wallTime.slice(0, 2)) * 60 + Number(wallTime.slice(3, 5))
}

/** Noon UTC of a `YYYY-MM-DD` date, `offsetDays` later. */
function dateAt(date: string, offsetDays = 0): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + offsetDays, 12)
}

function previousDate(date: string): string {
  return new Date(dateAt(date, -1)).toISOString().slice(0, 10)
}

/** The broadcast day (`YYYY-MM-DD`) a start time belongs to. */
export function broadcastDay(instant: string | number, boundary: number): string {
  const wall = wallClock(instant)
  return wall.minutes < boundary ? previousDate(wall.date) : wall.date
}

export interface DayGroup<T> {
  day: string
  items: T[]
}

/** Consecutive groups in the input's order (the schedule is soonest first). */
export function groupByBroadcastDay<T extends { startedAt: string }>(
  items: readonly T[],
  boundary: number
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = []
  for (const item of items) {
    const day = broadcastDay(item.startedAt, boundary)
    const last = groups.at(-1)
    if (last?.day === day) last.items.push(item)
    else groups.push({ day, items: [item] })
  }
  return groups
}

export interface SlotTimeOptions {
  language: string
  boundary: number
  /** Write slots before the boundary as 24:00–28:59 of the broadcast day. */
  extendedHours: boolean
}

export function formatSlotTime(instant: string | number, opts: SlotTimeOptions): string {
  const wall = wallClock(instant)
  if (opts.extendedHours && wall.minutes < opts.boundary) {
    const minutes = wall.minutes + 24 * 60
    return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
  }
  return dateTimeFormat(opts.language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant)
  )
}

/** A day heading such as "Sun, Nov 22" / "11月22日(日)"; the key is a calendar date, so UTC. */
export function formatDay(day: string, language: string): string {
  return dateTimeFormat(language, { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(
    dateAt(day)
  )
}
