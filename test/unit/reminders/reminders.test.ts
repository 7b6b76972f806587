import { afterEach, describe, expect, it } from 'vitest'
import { createSessionMonitor } from '../../../src/main/core/auth/monitor'
import type { ReminderEvent } from '../../../src/main/core/reminders/reminder-delivery'
import { defaultSettings, type Settings } from '../../../src/shared/settings'
import { SOON_PROGRAM_ID, type Emulator } from '../../emulator'
import { emulated } from '../media/emulated'
import { tempDir } from '../../support/temp-dir'
import { savedDocument } from '../../support/saved-documents'
import { reminderServiceFor } from '../../support/reminder-service'

const SOON_S = 120

async function setup(lead: number[], emuOpts: { soonSeconds?: number } = { soonSeconds: SOON_S }) {
  const t = await emulated(emuOpts)
  const dataDir = tempDir('onair-reminders-')
  let settings: Settings = {
    ...defaultSettings(),
    // The lead-time reminders alone: the seed's premieres are premieres.test.ts's.
    reminders: { ...defaultSettings().reminders, leadMinutes: lead, timeZone: 'Asia/Tokyo', premiere: false }
  }
  const boot = (locale: 'en' | 'ja' = 'en') => {
    const events: ReminderEvent[] = []
    const monitor = createSessionMonitor('signed-in')
    const { service, notifier } = reminderServiceFor({
      clock: t.clock,
      media: t.client,
      monitor,
      dataDir,
      settings: () => settings,
      locale: () => locale
    })
    service.onChange((e) => events.push(e))
    return { service, notifier, events, monitor }
  }
  const setSettings = (s: Settings) => {
    settings = s
  }
  const soonStart = t.emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)?.startedAt ?? NaN
  return { ...t, dataDir, boot, setSettings, soonStart }
}

describe('reminder service (ManualClock + emulator)', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('a program seeded soon: exactly one notification at the exact start, and none again after a restart', async () => {
    const t = await setup([0])
    emu = t.emu
    const start = t.soonStart
    const a = t.boot()
    expect((await a.service.start()).state).toBe('ok')
    expect(a.notifier.shown).toEqual([])

    t.clock.advanceTo(start - 1)
    expect(a.notifier.shown).toEqual([])
    t.clock.advanceTo(start)
    expect(a.notifier.shown).toHaveLength(1)
    const [n] = a.notifier.shown
    expect(n).toEqual({
      id: `${SOON_PROGRAM_ID}:${new Date(start).toISOString()}:0`,
      title: 'Starlit Courier',
      body: `Ep. 6 “Postmarked Tomorrow”\nOn air now · Tokyo MX ${new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Tokyo' }).format(start)}`,
      target: { kind: 'record', programId: SOON_PROGRAM_ID },
      reminder: {
        key: `${SOON_PROGRAM_ID}:${new Date(start).toISOString()}:0`,
        programId: SOON_PROGRAM_ID,
        startedAt: new Date(start).toISOString(),
        offsetMinutes: 0
      },
      snoozes: ['5', '10', '30']
    })
    const delivery = a.events.find((e) => e.type === 'delivery')
    expect(delivery).toMatchObject({
      firedAt: start,
      delivery: { kind: 'single', reminder: { programId: SOON_PROGRAM_ID, offsetMinutes: 0 } }
    })
    // The ledger was on disk before the notification went out.
    expect(JSON.stringify(savedDocument(t.dataDir, 'ledger'))).toContain(`${SOON_PROGRAM_ID}:`)
    expect(savedDocument<{ programs: unknown[] }>(t.dataDir, 'schedule')!.programs.length).toBeGreaterThan(3)
    t.clock.advance(60_000)
    await a.service.refresh()
    expect(a.notifier.shown).toHaveLength(1)
    a.service.stop()

    const b = t.boot()
    await b.service.start()
    t.clock.advance(5 * 60_000)
    expect(b.notifier.shown).toEqual([])
    b.service.stop()
  })

  it('tells a delivery before it shows it and writes its history (onair run’s line waits for neither)', async () => {
    const t = await setup([0])
    emu = t.emu
    const a = t.boot()
    await a.service.start()
    const told: Array<{ shown: number; history: number }> = []
    a.service.onChange((e) => {
      if (e.type === 'delivery') told.push({ shown: a.notifier.shown.length, history: a.service.history().length })
    })
    t.clock.advanceTo(t.soonStart)
    expect(told).toEqual([{ shown: 0, history: 0 }])
    expect(a.notifier.shown).toHaveLength(1)
    expect(a.service.history().map((e) => e.outcome)).toEqual(['delivered'])
    a.service.stop()
  })

  it('starts from the saved schedule while offline and still fires on time; the view says offline', async () => {
    const t = await setup([0])
    emu = t.emu
    const start = t.soonStart
    const first = t.boot()
    await first.service.start()
    first.service.stop()

    await t.emu.suspend()
    const b = t.boot('ja')
    const status = await b.service.start()
    expect(status.state).toBe('offline')
    const view = b.service.snapshot()
    expect(view).toMatchObject({
      offline: true,
      state: 'offline',
      error: { ja: expect.stringContaining('オフライン') }
    })
    expect(view.programs.some((p) => p.id === SOON_PROGRAM_ID)).toBe(true)
    expect(view.fetchedAt).not.toBeNull()
    t.clock.advanceTo(start)
    expect(b.notifier.shown.map((n) => n.title)).toEqual(['Starlit Courier'])
    expect(b.notifier.shown[0]!.body).toContain('第6話「Postmarked Tomorrow」\n放送開始 · Tokyo MX ')
    expect(b.service.tray().icon).toBe('offline')
    b.service.stop()
  })

  it('a clock jump past a reminder is noticed by the watchdog: one missed summary, then a poll', async () => {
    const t = await setup([0])
    emu = t.emu
    const start = t.soonStart
    const a = t.boot()
    await a.service.start()
    const polls = () => t.emu!.requests.filter((r) => r.path === '/v1/me/programs').length
    const before = polls()
    t.clock.jumpTo(start + 40 * 60_000)
    t.clock.advance(0)
    expect(a.notifier.shown.map((n) => n.title)).toEqual(['Missed while away: 1 show'])
    expect(a.notifier.shown[0]!.target).toEqual({ kind: 'schedule' })
    await new Promise<void>((res) => a.service.onChange((e) => e.type === 'status' && res()))
    expect(polls()).toBe(before + 1)
    a.service.stop()
  })

  it('a settings change re-plans: a muted work is not reminded', async () => {
    const t = await setup([0])
    emu = t.emu
    const start = t.soonStart
    const a = t.boot()
    await a.service.start()
    const s = defaultSettings()
    t.setSettings({ ...s, reminders: { ...s.reminders, leadMinutes: [0], mutedWorkIds: [1], premiere: false } })
    a.service.settingsChanged()
    t.clock.advanceTo(start + 1000)
    expect(a.notifier.shown).toEqual([])
    a.service.stop()
  })

  it('tray: airing soon, then signed out after a 401 (and the schedule kept)', async () => {
    const t = await setup([0])
    emu = t.emu
    const a = t.boot()
    await a.service.start()
    expect(a.service.tray().icon).toBe('soon')
    expect(a.service.tray().nextPrograms[0]?.program.id).toBe(SOON_PROGRAM_ID)
    const kept = a.service.schedule()
    t.session.token = 'revoked'
    expect((await a.service.refresh()).state).toBe('signed-out')
    expect(a.service.tray().icon).toBe('signed-out')
    expect(a.service.schedule()).toEqual(kept)
    expect(a.service.snapshot()).toMatchObject({ offline: true, state: 'signed-out' })
    a.service.stop()
  })
})
