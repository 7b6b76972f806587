import { describe, expect, it } from 'vitest'
import { broadcastDayOf, tonightMoments, tonightPrograms } from '../../../src/main/core/tonight/list'
import { describeTonight } from '../../../src/main/core/tonight/notice'
import { defaultSettings, SettingsSchema, type SettingsInput } from '../../../src/shared/settings'
import { program } from '../programs/fixtures'

// Tokyo keeps no daylight saving: 09:00 UTC is 18:00 there.
const TOKYO = 'Asia/Tokyo'
const at = (tokyo: string) => Date.parse(`${tokyo}+09:00`)
const settingsWith = (input: SettingsInput = {}) =>
  SettingsSchema.parse({
    ...input,
    reminders: { timeZone: TOKYO, ...input.reminders },
    tonight: { enabled: true, at: '18:00', ...input.tonight }
  })

describe('the broadcast day', () => {
  it('ends at the day boundary: 01:30 belongs to the evening before, 05:00 to the new day', () => {
    expect(broadcastDayOf(at('2026-12-03T23:00'), '05:00', TOKYO)).toBe('2026-12-03')
    expect(broadcastDayOf(at('2026-12-04T01:30'), '05:00', TOKYO)).toBe('2026-12-03')
    expect(broadcastDayOf(at('2026-12-04T04:59'), '05:00', TOKYO)).toBe('2026-12-03')
    expect(broadcastDayOf(at('2026-12-04T05:00'), '05:00', TOKYO)).toBe('2026-12-04')
    // A month's first night still belongs to the month's last day.
    expect(broadcastDayOf(at('2027-01-01T02:00'), '05:00', TOKYO)).toBe('2026-12-31')
  })

  it("the notice's moment in this broadcast day and the next", () => {
    const s = settingsWith()
    expect(tonightMoments(at('2026-12-03T12:00'), s)).toEqual({
      day: '2026-12-03',
      due: at('2026-12-03T18:00'),
      next: at('2026-12-04T18:00')
    })
    // At 02:00 the broadcast day is still yesterday's, whose notice is past.
    expect(tonightMoments(at('2026-12-04T02:00'), s)).toMatchObject({ day: '2026-12-03', due: at('2026-12-03T18:00') })
    // A notice at 01:00 is 25:00 of the broadcast day.
    const late = settingsWith({ tonight: { at: '01:00' } })
    expect(tonightMoments(at('2026-12-03T22:00'), late).due).toBe(at('2026-12-04T01:00'))
  })

  it('keeps its wall time across a daylight-saving switch', () => {
    const s = SettingsSchema.parse({
      reminders: { timeZone: 'Europe/Berlin' },
      tonight: { enabled: true, at: '18:00' }
    })
    // Berlin leaves summer time on 25 October 2026: 18:00 is 16:00 UTC before, 17:00 UTC after.
    const m = tonightMoments(Date.parse('2026-10-24T10:00:00Z'), s)
    expect(new Date(m.due).toISOString()).toBe('2026-10-24T16:00:00.000Z')
    expect(new Date(m.next).toISOString()).toBe('2026-10-25T17:00:00.000Z')
  })
})

describe("tonight's programs", () => {
  const now = at('2026-12-03T18:00')
  const programs = [
    program(1, at('2026-12-03T17:30'), { title: 'Already on' }),
    program(2, at('2026-12-03T22:00'), { title: 'Evening' }),
    program(3, at('2026-12-04T01:30'), { title: 'Late night (25:30)' }),
    program(4, at('2026-12-04T06:00'), { title: 'Tomorrow morning' }),
    program(5, at('2026-12-03T23:00'), { title: 'Muted work', workId: 99 }),
    program(6, at('2026-12-03T23:30'), { title: 'Rebroadcast', rebroadcast: true }),
    // The evening's episode again on another slot: one line.
    program(7, at('2026-12-04T00:30'), { title: 'Evening', episodeId: 200, workId: 20 })
  ]
  const titles = (s = settingsWith({ reminders: { mutedWorkIds: [99], hideRebroadcasts: true } })) =>
    tonightPrograms(programs, s, now).map((p) => p.work.title)

  it('what is still to air until the day boundary, 25:30 included, under the reminders’ rules, each episode once', () => {
    expect(titles()).toEqual(['Evening', 'Late night (25:30)'])
  })

  it('rebroadcasts and muted works come back when the rules let them', () => {
    expect(titles(settingsWith())).toEqual(['Evening', 'Muted work', 'Rebroadcast', 'Late night (25:30)'])
  })

  it('a muted channel is left out; an offset moves a program by when it can be watched', () => {
    const muted = settingsWith({ reminders: { channels: { '1': { muted: true } } } })
    expect(titles(muted)).toEqual([])
    // Four hours late: the 17:30 slot can be watched at 21:30, still ahead; the 01:30 slot at
    // 05:30, tomorrow's broadcast day.
    const shifted = settingsWith({ reminders: { channels: { '1': { offsetMinutes: 240 } }, hideRebroadcasts: true } })
    expect(titles(shifted)).toEqual(['Already on', 'Evening', 'Muted work'])
  })

  it('one notice, a line each, in both languages', () => {
    const s = settingsWith({ reminders: { mutedWorkIds: [99], hideRebroadcasts: true } })
    const shown = tonightPrograms(programs, s, now)
    const ctx = { timeZone: TOKYO, now, day: '2026-12-03', channels: {}, ui: s.ui }
    expect(describeTonight(shown, { ...ctx, locale: 'en' })).toEqual({
      id: 'tonight:2026-12-03',
      title: 'Tonight: 2 shows',
      body: '22:00 Evening Ep. 1 (TOKYO MX)\nFri 01:30 Late night (25:30) Ep. 1 (TOKYO MX)',
      target: { kind: 'schedule' }
    })
    expect(describeTonight(shown, { ...ctx, locale: 'ja' })?.title).toBe('今夜の放送: 2 本')
    expect(describeTonight([], { ...ctx, locale: 'en' })).toBeNull()
  })

  it('in extended hours, as the schedule shows them: after midnight is 25:30 of tonight, in both languages', () => {
    const s = settingsWith({ reminders: { mutedWorkIds: [99], hideRebroadcasts: true }, ui: { extendedHours: true } })
    const shown = tonightPrograms(programs, s, now)
    const ctx = { timeZone: TOKYO, now, day: '2026-12-03', channels: {}, ui: s.ui }
    expect(describeTonight(shown, { ...ctx, locale: 'en' })?.body).toBe(
      '22:00 Evening Ep. 1 (TOKYO MX)\n25:30 Late night (25:30) Ep. 1 (TOKYO MX)'
    )
    expect(describeTonight(shown, { ...ctx, locale: 'ja' })?.body).toBe(
      '22:00 Evening #1 (TOKYO MX)\n25:30 Late night (25:30) #1 (TOKYO MX)'
    )
    // Past midnight the night goes on: 04:59 is 28:59, and a broadcast before midnight seen on a
    // channel two hours late keeps its evening time beside it.
    const onNetflix = { ...program(9, at('2026-12-03T23:30')), channel: { id: 2, name: 'Netflix' } }
    const afterMidnight = {
      ...ctx,
      now: at('2026-12-04T00:30'),
      channels: { '2': { offsetMinutes: 120, muted: false } },
      locale: 'en' as const
    }
    expect(describeTonight([program(8, at('2026-12-04T04:59')), onNetflix], afterMidnight)?.body).toBe(
      '28:59 Work 8 Ep. 1 (TOKYO MX)\n25:30 Work 9 Ep. 1 (Netflix, broadcast 23:30)'
    )
    // A day boundary of 04:00 ends the night there: 04:30 is the next broadcast day's morning.
    const early = { ...ctx, ui: { dayBoundary: '04:00', extendedHours: true }, locale: 'en' as const }
    expect(describeTonight([program(10, at('2026-12-04T04:30'))], early)?.body).toBe(
      'Fri 04:30 Work 10 Ep. 1 (TOKYO MX)'
    )
  })

  it('is off by default', () => {
    expect(defaultSettings().tonight).toEqual({ enabled: false, at: '18:00' })
  })
})
