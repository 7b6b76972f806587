import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSessionMonitor } from '../../../src/main/core/auth/monitor'
import { ManualClock } from '../../support/manual-clock'
import {
  describePremieres,
  duePremieres,
  emptyPremieres,
  NAMED_PREMIERES,
  premieresOver
} from '../../../src/main/core/reminders/premieres'
import { memoryStore } from '../../../src/main/core/store/document'
import { WATCHDOG_MS } from '../../../src/main/core/reminders/reminders'
import { CachedProgramSchema, type CachedProgram } from '../../../src/shared/schedule'
import { defaultSettings, type Settings } from '../../../src/shared/settings'
import { HOUR, MIN, nowArb, programArb, settings, settingsArb } from '../programs/fixtures'
import { tempDir } from '../../support/temp-dir'
import { reminderServiceFor } from '../../support/reminder-service'
import { saveDocumentBody, savedDocument } from '../../support/saved-documents'

/** 2026-03-28 23:30 UTC: inside quiet hours 23:00–07:00. */
const NOW = Date.UTC(2026, 2, 28, 23, 30)
const TONIGHT = Date.UTC(2026, 2, 29, 21, 0)

function episode(
  id: number,
  workId: number,
  startedAt: number,
  number: string | null,
  extra: Partial<CachedProgram> = {}
) {
  return CachedProgramSchema.parse({
    id,
    startedAt: new Date(startedAt).toISOString(),
    isRebroadcast: false,
    channel: { id: 1, name: 'TOKYO MX' },
    work: { id: workId, title: `Work ${workId}` },
    episode: { id: id * 10, number, numberText: number === null ? '第1話' : `#${number}`, title: null },
    ...extra
  })
}

describe('premieres: the pure decision', () => {
  const awake = Date.UTC(2026, 2, 29, 12, 0)
  const s = settings({ quietHours: { enabled: true, start: '23:00', end: '07:00' } })

  it('announces a first episode still ahead, once per work (its earliest airing), however it is numbered', () => {
    const programs = [
      episode(1, 10, TONIGHT, '1'),
      episode(2, 10, TONIGHT - HOUR, '1'),
      episode(3, 20, TONIGHT, null),
      episode(4, 30, TONIGHT, '2'),
      episode(5, 40, TONIGHT, '1.0')
    ]
    expect(duePremieres(programs, s, new Set(), awake).map((p) => p.id)).toEqual([2, 3, 5])
  })

  it('none while quiet hours hold, when off, when announced, started, rebroadcast or muted', () => {
    const p = episode(1, 10, TONIGHT, '1')
    expect(duePremieres([p], s, new Set(), NOW)).toEqual([])
    expect(describePremieres([p], { locale: 'ja', timeZone: 'Asia/Tokyo', now: awake })).toMatchObject({
      title: '初回放送: Work 10',
      body: '月 06:00 Work 10 #1 (TOKYO MX)'
    })
    expect(duePremieres([p], { ...s, premiere: false }, new Set(), awake)).toEqual([])
    expect(duePremieres([p], s, new Set([10]), awake)).toEqual([])
    expect(duePremieres([p], s, new Set(), TONIGHT + MIN)).toEqual([])
    expect(duePremieres([{ ...p, isRebroadcast: true }], s, new Set(), awake)).toEqual([])
    expect(duePremieres([p], { ...s, mutedWorkIds: [10] }, new Set(), awake)).toEqual([])
  })
})

describe('premieres: one notice for all due at one moment', () => {
  const now = Date.UTC(2026, 2, 29, 12, 0)
  const seven = [1, 2, 3, 4, 5, 6, 7].map((i) => episode(i, i * 10, TONIGHT + i * MIN, '1'))

  it('names the first five, earliest first, counts the rest, and opens the schedule', () => {
    expect(describePremieres(seven, { locale: 'en', timeZone: 'UTC', now })).toEqual({
      id: `premieres:${now}`,
      title: '7 premieres coming up',
      body: [
        '21:01 Work 10 Ep. 1 (TOKYO MX)',
        '21:02 Work 20 Ep. 1 (TOKYO MX)',
        '21:03 Work 30 Ep. 1 (TOKYO MX)',
        '21:04 Work 40 Ep. 1 (TOKYO MX)',
        '21:05 Work 50 Ep. 1 (TOKYO MX)',
        '…and 2 more'
      ].join('\n'),
      target: { kind: 'schedule' }
    })
    const ja = describePremieres(seven.slice(0, 2), { locale: 'ja', timeZone: 'Asia/Tokyo', now })
    expect(ja).toMatchObject({
      title: '初回放送 2 作品',
      body: '月 06:01 Work 10 #1 (TOKYO MX)\n月 06:02 Work 20 #1 (TOKYO MX)'
    })
    expect(describePremieres(seven, { locale: 'ja', timeZone: 'UTC', now })?.body.split('\n').at(-1)).toBe(
      'ほか 2 作品'
    )
    expect(describePremieres([], { locale: 'en', now })).toBeNull()
  })

  it('property: across processes and checks, each eligible work is announced exactly once and no notice drops one', () => {
    fc.assert(
      fc.property(
        fc.array(programArb, { maxLength: 12 }),
        settingsArb,
        fc.array(fc.tuple(nowArb, fc.boolean()), { minLength: 1, maxLength: 8 }),
        (programs, s, checks) => {
          // Two processes of one folder: two views of one premieres document.
          const doc = memoryStore(emptyPremieres())
          const processes = [premieresOver(doc), premieresOver(doc)]
          const announced: number[] = []
          const eligible = new Set<number>()
          for (const [at, second] of [...checks].sort((a, b) => a[0] - b[0])) {
            for (const p of duePremieres(programs, s, new Set(), at)) eligible.add(p.work.id)
            const mine = processes[second ? 1 : 0]!
            const batch = mine.claim(duePremieres(programs, s, mine.announced(), at), at)
            const notice = describePremieres(batch, { locale: 'en', timeZone: s.timeZone, now: at })
            if (batch.length > 1) {
              const lines = notice!.body.split('\n')
              const more = Number(/^…and (\d+) more$/.exec(lines.at(-1) ?? '')?.[1] ?? 0)
              expect(lines.length - (more > 0 ? 1 : 0) + more).toBe(batch.length)
              expect(lines.length).toBeLessThanOrEqual(NAMED_PREMIERES + 1)
              expect(notice!.title).toBe(`${batch.length} premieres coming up`)
            } else expect(notice === null).toBe(batch.length === 0)
            announced.push(...batch.map((p) => p.work.id))
          }
          // Once at most, and every work that was due at a check was announced at the first one.
          expect(announced.length).toBe(new Set(announced).size)
          expect(new Set(announced)).toEqual(eligible)
        }
      )
    )
  })
})

describe('premieres: the reminder service over a data folder', () => {
  it('held by quiet hours, one notice for three works as they end; two processes and a restart never repeat it; each work in the history', async () => {
    const folder = tempDir('onair-premieres-')
    const programs = [
      episode(1, 10, TONIGHT, '1'),
      episode(2, 20, TONIGHT, '5'),
      episode(3, 30, TONIGHT + HOUR, null),
      episode(4, 40, TONIGHT - HOUR, '1')
    ]
    saveDocumentBody(folder, 'schedule', JSON.stringify({ fetchedAt: new Date(NOW).toISOString(), programs }))
    const clock = new ManualClock(NOW)
    const s: Settings = {
      ...defaultSettings(),
      reminders: {
        ...defaultSettings().reminders,
        timeZone: 'UTC',
        quietHours: { enabled: true, start: '23:00', end: '07:00' }
      }
    }
    const boot = () => {
      const { service, notifier } = reminderServiceFor({
        clock,
        // Signed out, nothing is polled: the saved schedule is what both processes plan from.
        monitor: createSessionMonitor('signed-out'),
        dataDir: folder,
        settings: () => s
      })
      return { service, shown: () => notifier.shown.filter((n) => n.id.startsWith('premiere')) }
    }
    const a = boot()
    const b = boot()
    await a.service.start()
    await b.service.start()
    clock.advanceTo(Date.UTC(2026, 2, 29, 7, 0) - 1)
    expect([...a.shown(), ...b.shown()]).toEqual([])
    clock.advance(WATCHDOG_MS)
    // The watchdog's first minute ends as the quiet hours do.
    const at = Date.UTC(2026, 2, 29, 7, 0)
    expect([...a.shown(), ...b.shown()]).toEqual([
      {
        id: `premieres:${at}`,
        title: '3 premieres coming up',
        body: [
          '20:00 Work 40 Ep. 1 (TOKYO MX)',
          '21:00 Work 10 Ep. 1 (TOKYO MX)',
          '22:00 Work 30 第1話 (TOKYO MX)'
        ].join('\n'),
        target: { kind: 'schedule' }
      }
    ])
    const claimed = savedDocument<{ works: object }>(folder, 'premieres')!.works
    expect(Object.keys(claimed).sort()).toEqual(['10', '30', '40'])
    expect(
      a.service
        .history()
        .filter((e) => e.outcome === 'premiere')
        .map((e) => e.reminders.map((r) => [r.key, r.offsetMinutes]))
    ).toEqual([[['premiere:40', 13 * 60]], [['premiere:10', 14 * 60]], [['premiere:30', 15 * 60]]])
    a.service.stop()
    b.service.stop()
    const c = boot()
    await c.service.start()
    clock.advance(10 * WATCHDOG_MS)
    c.service.stop()
    expect(c.shown()).toEqual([])
  })
})
