import { describe, expect, it } from 'vitest'
import { memoryNotifier } from '../../../src/main/core/notify'
import { ledgerFile } from '../../../src/main/core/reminders/files'
import { memoryStore } from '../../../src/main/core/store/document'
import { createTonight } from '../../../src/main/core/tonight/service'
import type { ScheduleCache } from '../../../src/shared/schedule'
import { SettingsSchema, type Settings, type SettingsInput } from '../../../src/shared/settings'
import { ManualClock } from '../../support/manual-clock'
import { tempDir } from '../../support/temp-dir'
import { HOUR, program } from '../programs/fixtures'

const TOKYO = 'Asia/Tokyo'
const at = (tokyo: string) => Date.parse(`${tokyo}+09:00`)

/** Two processes of one data folder (the app and `onair run`): each its own timer and notifier, one ledger file. */
function folder(start: string, input: SettingsInput = { tonight: { enabled: true, at: '18:00' } }) {
  const clock = new ManualClock(at(start))
  const dataDir = tempDir('onair-tonight-')
  let settings: Settings = SettingsSchema.parse({ ...input, reminders: { timeZone: TOKYO } })
  // Every evening at 22:00 and 25:30, for a week.
  const programs = Array.from({ length: 14 }, (_, i) =>
    program(i + 1, at('2026-12-03T22:00') + Math.floor(i / 2) * 24 * HOUR + (i % 2) * 3.5 * HOUR)
  )
  const schedule = memoryStore<ScheduleCache>({ fetchedAt: new Date(clock.now()).toISOString(), programs })
  const open = () => {
    const notifier = memoryNotifier()
    const service = createTonight({
      clock,
      settings: () => settings,
      schedule,
      ledger: ledgerFile(dataDir),
      notifier,
      locale: () => 'en'
    })
    return { service, shown: notifier.shown }
  }
  const change = (next: SettingsInput) => {
    settings = SettingsSchema.parse({ ...next, reminders: { timeZone: TOKYO } })
  }
  return { clock, open, change, schedule }
}

describe("tonight's list over the delivered-reminders ledger", () => {
  it('off by default: nothing, ever', () => {
    const f = folder('2026-12-03T12:00', {})
    const app = f.open()
    app.service.start()
    f.clock.advance(48 * HOUR)
    expect(app.shown).toEqual([])
  })

  it('at the chosen time, once per broadcast day, by one of two processes', () => {
    const f = folder('2026-12-03T12:00')
    const app = f.open()
    const daemon = f.open()
    app.service.start()
    daemon.service.start()
    f.clock.advance(6 * HOUR - 1)
    expect([...app.shown, ...daemon.shown]).toEqual([])
    f.clock.advance(1)
    const shown = [...app.shown, ...daemon.shown]
    expect(shown.map((n) => [n.title, n.body])).toEqual([
      ['Tonight: 2 shows', '22:00 Work 1 Ep. 1 (TOKYO MX)\nFri 01:30 Work 2 Ep. 1 (TOKYO MX)']
    ])
    // Started again the same night (a restart), neither shows it twice.
    const restarted = f.open()
    restarted.service.start()
    f.clock.advance(6 * HOUR)
    expect([...app.shown, ...daemon.shown, ...restarted.shown]).toHaveLength(1)
    // The next evening, again once.
    f.clock.advance(18 * HOUR)
    expect([...app.shown, ...daemon.shown, ...restarted.shown].map((n) => n.id)).toEqual([
      'tonight:2026-12-03',
      'tonight:2026-12-04'
    ])
  })

  it('started after the time, in the same broadcast day: shown at once with what is left; after it ended: the next day', () => {
    const f = folder('2026-12-04T00:00')
    const late = f.open()
    late.service.start()
    expect(late.shown.map((n) => n.body)).toEqual(['01:30 Work 2 Ep. 1 (TOKYO MX)'])

    const g = folder('2026-12-04T06:00')
    const morning = g.open()
    morning.service.start()
    expect(morning.shown).toEqual([])
    g.clock.advance(12 * HOUR)
    expect(morning.shown.map((n) => n.id)).toEqual(['tonight:2026-12-04'])
  })

  it('a changed time applies at once; switched off, the timer goes', () => {
    const f = folder('2026-12-03T12:00')
    const app = f.open()
    app.service.start()
    f.change({ tonight: { enabled: true, at: '20:00' } })
    app.service.replan()
    f.clock.advance(6 * HOUR)
    expect(app.shown).toEqual([])
    f.clock.advance(2 * HOUR)
    expect(app.shown).toHaveLength(1)
    f.change({ tonight: { enabled: false, at: '20:00' } })
    app.service.replan()
    f.clock.advance(48 * HOUR)
    expect(app.shown).toHaveLength(1)
  })

  it('before the first poll of a new folder, the day is not spent on an empty list', () => {
    const f = folder('2026-12-03T19:00')
    const saved = f.schedule.read()
    f.schedule.write({ fetchedAt: null, programs: [] })
    const app = f.open()
    app.service.start()
    expect(app.shown).toEqual([])
    f.schedule.write(saved)
    app.service.replan()
    expect(app.shown.map((n) => n.title)).toEqual(['Tonight: 2 shows'])
  })
})
