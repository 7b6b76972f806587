import fc from 'fast-check'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { calendarText, eventUid } from '../../../src/main/core/calendar/events'
import { calendarDocument } from '../../../src/main/core/calendar/feed'
import { CachedProgramSchema, type CachedProgram, type ScheduleCache } from '../../../src/shared/schedule'
import { SettingsSchema, type Settings, type SettingsInput } from '../../../src/shared/settings'
import { BASE, HOUR, MIN } from '../programs/fixtures'

/**
 * What Onair writes is read back with ical.js, an independent parser, and every event compared
 * with the schedule it came from: nothing lost, nothing altered, nothing added.
 */
const MEDIA = 'https://media.example'

function prog(
  id: number,
  startedAt: number,
  extra: Partial<{
    title: string
    channel: string
    channelId: number
    workId: number
    rebroadcast: boolean
    episode: object | null
  }> = {}
): CachedProgram {
  return CachedProgramSchema.parse({
    id,
    startedAt: new Date(startedAt).toISOString(),
    isRebroadcast: extra.rebroadcast ?? false,
    channel: { id: extra.channelId ?? 1, name: extra.channel ?? 'TOKYO MX' },
    work: { id: extra.workId ?? id * 10, title: extra.title ?? `Work ${id}` },
    episode:
      extra.episode === undefined
        ? { id: id * 100, number: 3, numberText: '第3話', title: 'Night Mail' }
        : extra.episode
  })
}

const settingsOf = (input: SettingsInput = {}): Settings =>
  SettingsSchema.parse({ ...input, reminders: { timeZone: 'UTC', ...input.reminders } })

const schedule = (programs: CachedProgram[], fetchedAt = new Date(BASE).toISOString()): ScheduleCache => ({
  fetchedAt,
  programs
})

interface ParsedEvent {
  uid: string
  summary: string
  location: string
  url: string | null
  description: string
  start: number
  end: number
  /** Seconds relative to the start (negative = before). */
  alarms: number[]
}

function parse(text: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = calendar.getAllSubcomponents('vevent').map((c) => {
    const event = new ICAL.Event(c)
    return {
      uid: event.uid,
      summary: event.summary ?? '',
      location: event.location ?? '',
      url: (c.getFirstPropertyValue('url') as string | null) ?? null,
      description: event.description ?? '',
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      alarms: c
        .getAllSubcomponents('valarm')
        .map((a) => (a.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds())
    }
  })
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events }
}

const doc = (
  programs: CachedProgram[],
  settings = settingsOf(),
  extra: { alarms?: boolean; locale?: 'en' | 'ja' } = {}
) =>
  calendarDocument({
    schedule: schedule(programs),
    settings,
    locale: extra.locale ?? 'en',
    mediaUrl: MEDIA,
    alarms: extra.alarms,
    now: BASE
  })

describe('calendar feed', () => {
  it('one event per program: UID from the program id, UTC start, 30 minutes, title and episode, channel, work page', async () => {
    const programs = [prog(1, BASE + HOUR), prog(2, BASE + 2 * HOUR + 30 * 1000, { episode: null, channel: 'AT-X' })]
    const text = await doc(programs)
    expect(text).toContain('DTSTART:20260328T010000Z')
    const { name, events } = parse(text)
    expect(name).toBe('Onair: airing schedule')
    expect(events).toEqual([
      {
        uid: 'program-1@onair',
        summary: 'Work 1 Ep. 3 “Night Mail”',
        location: 'TOKYO MX',
        url: 'https://media.example/works/10',
        description: 'Open in Onair: onair://program/1',
        start: BASE + HOUR,
        end: BASE + HOUR + 30 * MIN,
        alarms: []
      },
      {
        uid: 'program-2@onair',
        summary: 'Work 2',
        location: 'AT-X',
        url: 'https://media.example/works/20',
        description: 'Open in Onair: onair://program/2',
        start: BASE + 2 * HOUR + 30 * 1000,
        end: BASE + 2 * HOUR + 30 * 1000 + 30 * MIN,
        alarms: []
      }
    ])
    const ja = parse(await doc(programs, settingsOf(), { locale: 'ja' })).events[0]!
    expect([ja.summary, ja.description]).toEqual(['Work 1 第3話「Night Mail」', 'Onair で開く: onair://program/1'])
  })

  it('the duration setting sets every end; the service address is optional', async () => {
    const text = await calendarDocument({
      schedule: schedule([prog(1, BASE)]),
      settings: settingsOf({ calendar: { durationMinutes: 24 } }),
      locale: 'en',
      mediaUrl: '',
      now: BASE
    })
    const [event] = parse(text).events
    expect(event!.end - event!.start).toBe(24 * MIN)
    expect(event!.url).toBeNull()
  })

  it('the same program keeps its UID and its bytes across polls; a moved start moves the event', async () => {
    const first = await doc([prog(1, BASE), prog(2, BASE + HOUR)])
    const again = await doc([prog(2, BASE + HOUR), prog(1, BASE)].reverse())
    expect(again).toBe(first)
    const moved = parse(await doc([prog(1, BASE + 15 * MIN)])).events[0]!
    expect(moved.uid).toBe(eventUid(1))
    expect(moved.start).toBe(BASE + 15 * MIN)
  })

  it('muted works and hidden rebroadcasts are left out, as for reminders', async () => {
    const programs = [prog(1, BASE, { workId: 7 }), prog(2, BASE, { rebroadcast: true }), prog(3, BASE)]
    expect(parse(await doc(programs)).events.map((e) => e.uid)).toEqual([
      'program-1@onair',
      'program-2@onair',
      'program-3@onair'
    ])
    const muted = settingsOf({ reminders: { mutedWorkIds: [7], hideRebroadcasts: true } })
    expect(parse(await doc(programs, muted)).events.map((e) => e.uid)).toEqual(['program-3@onair'])
  })

  it('"only the works I pick": the feed holds the picked works only, as the reminders do', async () => {
    const programs = [prog(1, BASE, { workId: 7 }), prog(2, BASE, { workId: 8 }), prog(3, BASE, { workId: 7 })]
    const picked = settingsOf({ reminders: { mode: 'only-picked', pickedWorkIds: [7], mutedWorkIds: [7] } })
    expect(parse(await doc(programs, picked)).events.map((e) => e.uid)).toEqual(['program-1@onair', 'program-3@onair'])
    expect(parse(await doc(programs, settingsOf({ reminders: { mode: 'only-picked' } }))).events).toEqual([])
  })

  it('channel offsets: each event at the time it can be watched; a silent channel has none; one episode rings once', async () => {
    const episode = { id: 55, number: 3, numberText: '第3話', title: 'Night Mail' }
    const tv = prog(1, BASE, { channelId: 1, channel: 'TOKYO MX', episode })
    const web = prog(2, BASE - 30 * MIN, { channelId: 2, channel: 'Netflix', episode })
    const other = prog(3, BASE + HOUR, { channelId: 3, channel: 'BS11' })
    const channels = { '1': { offsetMinutes: 0 }, '2': { offsetMinutes: 90 }, '3': { offsetMinutes: -60, muted: true } }
    const shifted = settingsOf({ reminders: { channels, leadMinutes: [10] } })
    // Netflix at 23:30 + 90 min = 01:00 is later than TOKYO MX at 00:00: only the TV slot has the alarm.
    const events = parse(await doc([tv, web, other], shifted, { alarms: true })).events
    expect(events.map((e) => [e.uid, e.start, e.end - e.start, e.location, e.alarms])).toEqual([
      ['program-1@onair', BASE, 30 * MIN, 'TOKYO MX', [-600]],
      ['program-2@onair', BASE + HOUR, 30 * MIN, 'Netflix', []]
    ])
    // TOKYO MX 61 minutes late: Netflix at 01:00 is now the earlier slot and rings.
    const later = settingsOf({ reminders: { channels: { ...channels, '1': { offsetMinutes: 61 } } } })
    expect(
      parse(await doc([tv, web, other], later, { alarms: true })).events.map((e) => [e.uid, e.start, e.alarms])
    ).toEqual([
      ['program-1@onair', BASE + 61 * MIN, []],
      ['program-2@onair', BASE + HOUR, [-600, 0]]
    ])
    // Without one-per-episode both ring, each at its own watch time.
    const both = settingsOf({ reminders: { channels, onePerEpisode: false, leadMinutes: [0] } })
    expect(parse(await doc([tv, web, other], both, { alarms: true })).events.map((e) => e.alarms)).toEqual([[0], [0]])
  })

  it('--alarms: one alarm per lead time, except the ones quiet hours would hold back', async () => {
    const settings = settingsOf({
      reminders: { leadMinutes: [0, 10, 60], quietHours: { enabled: true, start: '23:30', end: '23:55' } }
    })
    // Starts 00:00 UTC: the 60-minute reminder (23:00) is allowed, the 10-minute one (23:50) is quiet.
    const [event] = parse(await doc([prog(1, BASE)], settings, { alarms: true })).events
    expect(event!.alarms).toEqual([-3600, 0])
    expect(parse(await doc([prog(1, BASE)], settings)).events[0]!.alarms).toEqual([])
    const fromSetting = settingsOf({ reminders: { leadMinutes: [5] }, calendar: { alarms: true } })
    expect(parse(await doc([prog(1, BASE)], fromSetting)).events[0]!.alarms).toEqual([-300])
  })

  it('awkward titles and channels round-trip exactly; lines are CRLF, at most 75 octets, never split inside a character', async () => {
    const titles = [
      'Re:Zero, Starting Life; in Another World \\ part 2',
      'Line one\nLine two',
      '🎉🚀 Emoji 👩‍👩‍👧‍👦 family 🇯🇵',
      '魔法少女まどか☆マギカ 叛逆の物語 劇場版総集編 前編 始まりの物語 後編 永遠の物語'.repeat(3),
      '"Quoted", \'single\' & <angle>',
      'tab\tinside'
    ]
    const programs = titles.map((title, i) => prog(i + 1, BASE + i * HOUR, { title, channel: title, episode: null }))
    const text = await doc(programs)
    const lines = text.split('\r\n')
    expect(lines.at(-1)).toBe('')
    for (const line of lines) {
      expect(line).not.toContain('\n')
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
      // No half of an emoji's surrogate pair left at either end of a folded line.
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/)
    }
    const events = parse(text).events
    expect(events.map((e) => e.summary)).toEqual(titles)
    expect(events.map((e) => e.location)).toEqual(titles)
  })

  it('line breaks are written as one kind; other control characters are dropped', async () => {
    const [event] = parse(await doc([prog(1, BASE, { title: 'a\r\nb\rc\u0000d\u001be', episode: null })])).events
    expect(event!.summary).toBe('a\nb\ncde')
  })

  it('property: any titles, channels and start times come back exactly (after control characters are dropped)', async () => {
    const arb = fc.array(
      fc.record({
        title: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 }),
        channel: fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
        start: fc.integer({ min: BASE - 400 * 24 * HOUR, max: BASE + 400 * 24 * HOUR }).map((t) => t - (t % 1000))
      }),
      { maxLength: 12 }
    )
    await fc.assert(
      fc.asyncProperty(arb, async (rows) => {
        const programs = rows.map((r, i) => prog(i + 1, r.start, { title: r.title, channel: r.channel, episode: null }))
        const events = parse(await doc(programs)).events
        expect(events).toHaveLength(rows.length)
        events.forEach((e, i) => {
          expect(e.summary).toBe(calendarText(rows[i]!.title))
          expect(e.location).toBe(calendarText(rows[i]!.channel))
          expect(e.start).toBe(rows[i]!.start)
        })
      }),
      { numRuns: 40 }
    )
  })
})
