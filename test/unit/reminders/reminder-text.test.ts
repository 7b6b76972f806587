import { afterEach, describe, expect, it } from 'vitest'
import { describeDelivery, localTime } from '../../../src/main/core/reminders/reminder-text'
import { CachedProgramSchema, type CachedProgram, type Reminder } from '../../../src/shared/schedule'

const T = Date.UTC(2026, 3, 5, 12, 30) // 21:30 in Tokyo

function program(id: number, startedAt: number, episode: CachedProgram['episode'] = null): CachedProgram {
  return CachedProgramSchema.parse({
    id,
    startedAt: new Date(startedAt).toISOString(),
    isRebroadcast: false,
    channel: { id: 1, name: 'Tokyo MX' },
    work: { id: id * 10, title: `Work ${id}` },
    episode
  })
}

function reminder(p: CachedProgram, offsetMinutes: number): Reminder {
  const fireAt = Date.parse(p.startedAt) - offsetMinutes * 60_000
  return {
    key: `${p.id}:${p.startedAt}:${offsetMinutes}`,
    programId: p.id,
    offsetMinutes,
    startedAt: p.startedAt,
    fireAt,
    program: p
  }
}

const tokyo = { timeZone: 'Asia/Tokyo' }

describe('notification text', () => {
  const ep = program(1, T, { id: 5, number: '12.5', numberText: '第12.5話', title: 'Flour and stars' })

  it('single: work, episode number and title, lead, channel and local time, in both languages', () => {
    const d = { kind: 'single' as const, reminder: reminder(ep, 10) }
    expect(describeDelivery(d, { locale: 'en', now: T - 10 * 60_000, ...tokyo })).toEqual({
      id: ep.id + ':' + ep.startedAt + ':10',
      title: 'Work 1',
      body: 'Ep. 12.5 “Flour and stars”\nStarts in 10 min · Tokyo MX 21:30',
      target: { kind: 'record', programId: 1 },
      // What "Snooze" needs to bring this very reminder back.
      reminder: { key: ep.id + ':' + ep.startedAt + ':10', programId: 1, startedAt: ep.startedAt, offsetMinutes: 10 },
      // Before the start, "until it starts" is one of the snooze choices.
      snoozes: ['5', 'start', '10', '30']
    })
    expect(describeDelivery(d, { locale: 'ja', now: T - 90 * 60_000, ...tokyo }).body).toBe(
      '第12.5話「Flour and stars」\n1時間30分後に放送開始 · Tokyo MX 21:30'
    )
    expect(describeDelivery(d, { locale: 'en', now: T + 3 * 60_000, ...tokyo }).body).toContain('Started 3 min ago')
  })

  it('on a channel with an offset: when it can be watched, with the broadcast time beside it', () => {
    const shifted = { ...reminder(ep, 10), fireAt: T + 50 * 60_000, shiftMinutes: 60 }
    const d = { kind: 'single' as const, reminder: shifted }
    expect(describeDelivery(d, { locale: 'en', now: T + 50 * 60_000, ...tokyo }).body).toBe(
      'Ep. 12.5 “Flour and stars”\nAvailable in 10 min · Tokyo MX 22:30 (broadcast 21:30)'
    )
    expect(describeDelivery(d, { locale: 'ja', now: T + 50 * 60_000, ...tokyo }).body).toBe(
      '第12.5話「Flour and stars」\n10分後に視聴可能 · Tokyo MX 22:30（放送 21:30）'
    )
    const missed = describeDelivery(
      { kind: 'missed', why: 'shifted', reminders: [shifted] },
      { locale: 'ja', now: T + 2 * 3_600_000, ...tokyo }
    )
    expect(missed.title).toBe('時刻が早まり、通知の時刻を過ぎた番組: 1 本')
    expect(missed.body).toBe('22:30 Work 1 第12.5話 (Tokyo MX、放送 21:30)')
  })

  it('no episode: no episode line; another day shows the weekday', () => {
    const p = program(2, T + 24 * 3_600_000)
    const n = describeDelivery({ kind: 'single', reminder: reminder(p, 0) }, { locale: 'en', now: T, ...tokyo })
    expect(n.body).toBe('Starts in 24 h · Tokyo MX Mon 21:30')
  })

  it('group and missed: one line per program, counted properly, opening the schedule', () => {
    const ps = [program(3, T), program(4, T), program(5, T + 60_000)]
    const group = describeDelivery(
      { kind: 'group', reminders: ps.map((p) => reminder(p, 0)), fireAt: T },
      { locale: 'en', now: T, ...tokyo }
    )
    expect(group).toMatchObject({ id: `group:${T}`, title: '3 shows coming up', target: { kind: 'schedule' } })
    expect(group.body.split('\n')).toEqual([
      '21:30 Work 3 (Tokyo MX)',
      '21:30 Work 4 (Tokyo MX)',
      '21:31 Work 5 (Tokyo MX)'
    ])
    // Two reminders of one program (10 min before and at start) are one missed show.
    const missed = describeDelivery(
      { kind: 'missed', reminders: [reminder(ps[0]!, 10), reminder(ps[0]!, 0)] },
      { locale: 'en', now: T + 3_600_000, ...tokyo }
    )
    expect(missed.title).toBe('Missed while away: 1 show')
    expect(
      describeDelivery({ kind: 'missed', reminders: ps.map((p) => reminder(p, 0)) }, { locale: 'ja', now: T, ...tokyo })
        .title
    ).toBe('不在の間に見逃した番組: 3 本')
  })
})

describe('local time in the system zone (no reminders.timeZone)', () => {
  const original = process.env.TZ
  afterEach(() => {
    process.env.TZ = original
  })

  // Date's local fields stand in for Intl there (cheaper to start): they must say the same thing,
  // across DST changes, in half- and quarter-hour zones, in both languages, weekday included.
  it.each(['UTC', 'Asia/Tokyo', 'America/New_York', 'Europe/London', 'Australia/Adelaide', 'Asia/Kathmandu'])(
    '%s: the same words as Intl in that zone',
    (zone) => {
      process.env.TZ = zone
      const around = [
        Date.UTC(2026, 2, 8, 0),
        Date.UTC(2026, 2, 29, 0),
        Date.UTC(2026, 3, 5, 0),
        Date.UTC(2026, 9, 4, 0)
      ]
      for (const start of [...around, Date.UTC(2026, 9, 25, 0), Date.UTC(2026, 10, 1, 0)]) {
        for (let at = start - 36 * 3_600_000; at < start + 36 * 3_600_000; at += 37 * 60_000) {
          const iso = new Date(at).toISOString()
          for (const locale of ['en', 'ja'] as const) {
            for (const now of [undefined, at, at - 5 * 3_600_000, at + 20 * 3_600_000]) {
              expect(localTime(iso, { locale, now })).toBe(localTime(iso, { locale, now, timeZone: zone }))
            }
          }
        }
      }
    }
  )
})
