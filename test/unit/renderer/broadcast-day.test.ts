import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  boundaryMinutes,
  DEFAULT_BOUNDARY,
  broadcastDay,
  formatDay,
  formatSlotTime,
  groupByBroadcastDay,
  wallClock
} from '../../../src/renderer/src/lib/broadcast-day'
import { defaultSettings } from '../../../src/shared/settings'

const FIVE = boundaryMinutes('05:00')

// The app works in the system's zone; Node reads TZ again whenever it changes.
const savedTz = process.env['TZ']
beforeEach(() => {
  process.env['TZ'] = 'Asia/Tokyo'
})
afterEach(() => {
  if (savedTz === undefined) delete process.env['TZ']
  else process.env['TZ'] = savedTz
})

describe('broadcast days', () => {
  it("before the settings arrive, or without them, days end at the settings' default boundary", () => {
    expect(DEFAULT_BOUNDARY).toBe(boundaryMinutes(defaultSettings().ui.dayBoundary))
  })

  it('puts a 01:30 slot under the evening before, and 05:00 on its own day', () => {
    expect(broadcastDay('2026-11-22T16:30:00Z', FIVE)).toBe('2026-11-22') // 01:30 JST on the 23rd
    expect(broadcastDay('2026-11-22T19:59:00Z', FIVE)).toBe('2026-11-22') // 04:59
    expect(broadcastDay('2026-11-22T20:00:00Z', FIVE)).toBe('2026-11-23') // 05:00
    expect(broadcastDay('2026-11-22T14:00:00Z', FIVE)).toBe('2026-11-22') // 23:00
  })

  it('crosses month and year ends', () => {
    expect(broadcastDay('2026-12-31T17:00:00Z', FIVE)).toBe('2026-12-31') // 02:00 on Jan 1st
    expect(broadcastDay('2026-02-28T17:00:00Z', FIVE)).toBe('2026-02-28') // 02:00 on Mar 1st
  })

  it('a boundary of 00:00 is the calendar day', () => {
    expect(broadcastDay('2026-11-22T16:30:00Z', 0)).toBe('2026-11-23')
  })

  it('keeps wall-clock days across a DST change', () => {
    process.env['TZ'] = 'America/New_York'
    // 2026-03-08: clocks go from 02:00 to 03:00. 01:30 EST and 03:30 EDT both belong to the 7th.
    expect(broadcastDay('2026-03-08T06:30:00Z', FIVE)).toBe('2026-03-07')
    expect(broadcastDay('2026-03-08T07:30:00Z', FIVE)).toBe('2026-03-07')
    // 05:00 EDT is already the 8th (09:00Z), though only 4 hours of UTC after 01:00 EST.
    expect(broadcastDay('2026-03-08T09:00:00Z', FIVE)).toBe('2026-03-08')
    // 2026-11-01: 01:30 happens twice; both are the 31st.
    expect(broadcastDay('2026-11-01T05:30:00Z', FIVE)).toBe('2026-10-31')
    expect(broadcastDay('2026-11-01T06:30:00Z', FIVE)).toBe('2026-10-31')
  })

  it('groups consecutive programs by broadcast day in order', () => {
    const items = ['2026-11-22T12:00:00Z', '2026-11-22T16:30:00Z', '2026-11-22T21:00:00Z', '2026-11-23T17:00:00Z'].map(
      (startedAt, id) => ({ id, startedAt })
    )
    const groups = groupByBroadcastDay(items, FIVE)
    expect(groups.map((g) => [g.day, g.items.map((i) => i.id)])).toEqual([
      ['2026-11-22', [0, 1]],
      ['2026-11-23', [2, 3]]
    ])
  })
})

describe('the wall clock in any zone', () => {
  const parts = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' } as const
  // The zone's wall clock as Intl writes it ("11/23/2026, 01:30" in en-US's fixed order).
  function intlWallClock(at: string, timeZone: string) {
    const f = new Intl.DateTimeFormat('en-US', { ...parts, timeZone, hourCycle: 'h23' })
    const [month, day, year, hour, minute] = f.format(new Date(at)).match(/\d+/g) ?? []
    return { date: `${year}-${month}-${day}`, minutes: Number(hour) * 60 + Number(minute) }
  }

  // DST changes and half-hour zones included.
  it.each(['Asia/Tokyo', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'])(
    'reads the wall clock of the system zone, in %s',
    (zone) => {
      process.env['TZ'] = zone
      const instants = [
        '2026-11-22T16:30:00Z',
        '2026-03-08T06:30:00Z', // New York: 01:30 EST, then clocks jump
        '2026-03-08T07:30:00Z', // 03:30 EDT
        '2026-11-01T05:30:00Z', // 01:30 EDT, the first of two
        '2026-11-01T06:30:00Z', // 01:30 EST, the second
        '2026-04-04T15:15:00Z', // Lord Howe: half an hour back at 02:00 local
        '2026-10-03T15:45:00Z', // and forward again
        '2026-12-31T23:59:00Z'
      ]
      for (const at of instants) expect(wallClock(at)).toEqual(intlWallClock(at, zone))
    }
  )
})

describe('slot times', () => {
  const opts = { language: 'en', boundary: FIVE }
  it('writes late-night slots as 25:30 only when asked', () => {
    expect(formatSlotTime('2026-11-22T16:30:00Z', { ...opts, extendedHours: true })).toBe('25:30')
    expect(formatSlotTime('2026-11-22T19:59:00Z', { ...opts, extendedHours: true })).toBe('28:59')
    expect(formatSlotTime('2026-11-22T16:30:00Z', { ...opts, extendedHours: false })).toBe('01:30')
    expect(formatSlotTime('2026-11-22T20:00:00Z', { ...opts, extendedHours: true })).toBe('05:00')
    expect(formatSlotTime('2026-11-22T14:05:00Z', { ...opts, extendedHours: true })).toBe('23:05')
  })

  it('formats day headings in the language', () => {
    expect(formatDay('2026-11-22', 'en')).toBe('Sun, Nov 22')
    expect(formatDay('2026-11-22', 'ja')).toBe('11月22日(日)')
  })
})
