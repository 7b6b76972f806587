import { afterEach, describe, expect, it, vi } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { memoryNotifier } from '../../../src/main/core/notify'
import type { CronFactory } from '../../../src/main/core/programs/cron'
import { SNOOZE_MS } from '../../../src/main/core/reminders/snoozes'
import { WATCHDOG_MS } from '../../../src/main/core/reminders/reminders'
import { openAppServices, type AppServicesDeps } from '../../../src/main/core/services'
import { STANDBY_RETRY_MS } from '../../../src/main/core/folder-hold/folder-turn'
import { startEmulator, type Emulator } from '../../emulator/index'
import { servicesOf, testAccount, type TestAccount } from '../account/helpers'

const noCron: CronFactory = () => ({ stop: () => {} })
/**
 * Noon in Tokyo, whatever the time of the run: the seed's late-night episode (01:30 JST) would
 * otherwise fall due among the snoozes when a run starts in the half hour before it.
 */
const NOON_JST = Date.parse('2026-12-03T03:00:00Z')

/** The services as the app (`app`: stands by while held) or `onair run` (`cli`) compose them. */
function compose(t: TestAccount, clock: ManualClock, face?: 'app' | 'cli') {
  const notifier = memoryNotifier()
  const deps: AppServicesDeps = {
    dataDir: t.dataDir,
    clock,
    account: t.account,
    settings: t.deps.settings,
    webhook: { face: face ?? 'app' },
    notifier,
    locale: () => 'en',
    cron: noCron,
    ...(face ? { hold: { face, whenHeld: face === 'app' ? 'standby' : 'refuse' } } : {})
  }
  return { services: openAppServices(deps), shown: notifier.shown }
}

/**
 * "Snooze" pressed in the app while `onair run` holds the data folder: the app stands by (it
 * delivers no reminders), so the snooze must reach whichever process delivers them, exactly once.
 */
describe('a snooze pressed in the app while `onair run` serves the folder', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('is delivered once by `onair run`, and once by the app after `onair run` has ended', async () => {
    const clock = new ManualClock(NOON_JST)
    // A show in 10 minutes: its 10-minute reminder is due as soon as `onair run` has polled.
    emu = await startEmulator({ port: 0, soonSeconds: 600, now: () => clock.now() })
    const t = testAccount()
    // The lead-time reminder alone: the seed's first episodes would also raise premieres.
    t.deps.settings.update((s) => ({ ...s, reminders: { ...s.reminders, premiere: false } }))
    await t.account.saveServices(servicesOf(emu))
    await t.account.signInWithToken(emu.tokens.readWrite)
    const run = compose(t, clock, 'cli')
    await run.services.start()
    await vi.waitFor(() => expect(run.shown).toHaveLength(1))
    const reminder = run.shown[0]!
    expect(reminder.reminder?.key).toBe(reminder.id)

    const app = compose(t, clock, 'app')
    await app.services.start()
    expect(app.services.reminders.snapshot().state).toBe('idle')
    const first = app.services.reminders.snooze(reminder.reminder!)
    expect(first).toEqual({ ok: true, fireAt: clock.now() + SNOOZE_MS })
    // `onair run` sees the press within a watchdog round even where the folder cannot be watched.
    clock.advance(WATCHDOG_MS)
    clock.advanceTo(first.ok ? first.fireAt : 0)
    expect(run.shown.map((n) => n.id)).toEqual([reminder.id, reminder.id])
    expect(app.shown).toEqual([])

    // Snoozed again from the app, then `onair run` ends: the app takes over and delivers it.
    const again = app.services.reminders.snooze(run.shown[1]!.reminder!)
    await run.services.stop()
    clock.advance(STANDBY_RETRY_MS)
    await vi.waitFor(() => expect(app.services.reminders.snapshot().state).toBe('ok'))
    const snoozed = () => app.shown.filter((n) => n.id === reminder.id)
    clock.advanceTo(again.ok ? again.fireAt - 1 : 0)
    expect(snoozed()).toEqual([])
    clock.advance(1)
    expect(snoozed()).toHaveLength(1)
    expect(run.shown).toHaveLength(2)
    clock.advance(SNOOZE_MS * 6)
    expect(snoozed()).toHaveLength(1)
    await app.services.stop()
  })

  it('a program that left the schedule is not snoozed: the shell opens it instead', async () => {
    const clock = new ManualClock(NOON_JST)
    emu = await startEmulator({ port: 0, now: () => clock.now() })
    const { services } = compose(testAccount(), clock)
    const gone = {
      key: `7:${new Date(clock.now()).toISOString()}:10`,
      programId: 7,
      startedAt: new Date(clock.now()).toISOString(),
      offsetMinutes: 10
    }
    expect(services.reminders.snooze(gone)).toEqual({ ok: false, reason: 'not-scheduled' })
    // Stopped like every other test's services: work begun by opening must not outlive the folder.
    await services.stop()
  })
})
