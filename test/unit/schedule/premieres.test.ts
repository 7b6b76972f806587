import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createSessionMonitor } from '../../../src/main/core/auth/monitor'
import { ManualClock } from '../../../src/main/core/clock'
import { memoryNotifier } from '../../../src/main/core/notify'
import { describePremiere, duePremieres } from '../../../src/main/core/schedule/premieres'
import { createReminderService } from '../../../src/main/core/schedule/reminders'
import { WATCHDOG_MS } from '../../../src/main/core/schedule/reminders'
import { CachedProgramSchema, type CachedProgram } from '../../../src/shared/schedule'
import { defaultSettings, type Settings } from '../../../src/shared/settings'
import { manualCron } from './emulated'
import { HOUR, MIN, settings } from './fixtures'
import { tempDir } from '../../support/temp-dir'

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
    expect(describePremiere(p, { locale: 'ja', timeZone: 'Asia/Tokyo', now: awake })).toMatchObject({
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

describe('premieres: the reminder service over a data folder', () => {
  it('held by quiet hours, announced once as they end; two processes and a restart never announce it again', async () => {
    const folder = tempDir('onair-premieres-')
    const programs = [episode(1, 10, TONIGHT, '1'), episode(2, 20, TONIGHT, '5')]
    writeFileSync(join(folder, 'schedule.json'), JSON.stringify({ fetchedAt: new Date(NOW).toISOString(), programs }))
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
      const notifier = memoryNotifier()
      const service = createReminderService({
        clock,
        media: { allPrograms: () => expect.unreachable('signed out: no poll') },
        // Signed out, nothing is polled: the saved schedule is what both processes plan from.
        monitor: createSessionMonitor('signed-out'),
        dataDir: folder,
        settings: () => s,
        notifier,
        locale: () => 'en',
        cron: manualCron().factory
      })
      return { service, shown: () => notifier.shown.filter((n) => n.id.startsWith('premiere:')) }
    }
    const a = boot()
    const b = boot()
    await a.service.start()
    await b.service.start()
    clock.advanceTo(Date.UTC(2026, 2, 29, 7, 0) - 1)
    expect([...a.shown(), ...b.shown()]).toEqual([])
    clock.advance(WATCHDOG_MS)
    const shown = [...a.shown(), ...b.shown()]
    expect(shown).toEqual([
      {
        id: 'premiere:10',
        title: 'Premiere: Work 10',
        body: '21:00 Work 10 Ep. 1 (TOKYO MX)',
        target: { kind: 'record', programId: 1 }
      }
    ])
    a.service.stop()
    b.service.stop()
    const c = boot()
    await c.service.start()
    clock.advance(10 * WATCHDOG_MS)
    c.service.stop()
    expect(c.shown()).toEqual([])
  })
})
