import type { Page } from '@playwright/test'
import type { CoreDeps } from '../../src/main/core/app'
import { type Clock } from '../../src/main/core/clock'
import { ManualClock } from '../support/manual-clock'
import { openRecords, type RecordsCore } from '../../src/main/core/records'
import { openCatchUp, type CatchUpFeature } from '../../src/main/core/catch-up'
import type { ReminderService } from '../../src/main/core/reminders/reminders'
import { reminderServiceFor } from '../support/reminder-service'
import { startEmulator, type Emulator } from '../emulator'
import { emulatedAccount, expect, test, type HarnessParts } from './fixtures'

/** What a test reaches into: the composed records and reminders of the current core. */
export interface ScheduleSink {
  records?: RecordsCore
  reminders?: ReminderService
  catchUp?: CatchUpFeature
}

/**
 * The whole app side of the schedule window for `onairDepsFor`: a configured account on the
 * emulator (signed in by `signIn` with the read-write token), the outbox and the reminder service
 * over its media client, and the catch-up list over that outbox, asked for after each good poll as
 * the app's composition does (core/services.ts), all on `clock` (a ManualClock the emulator also
 * reads), so undo windows, backoff and poll windows move only when a test advances it. Polls run
 * on demand (no cron ticks).
 */
export function emulatedSchedule(emu: Emulator, clock: ManualClock, sink: ScheduleSink) {
  const accountDeps = emulatedAccount(emu, { configured: true })
  return {
    build(parts: HarnessParts): Partial<CoreDeps> {
      const { account, settings } = accountDeps.build(parts)
      if (!account || !settings) throw new Error('emulatedAccount gave no account')
      const media = () => account.media()
      const records = openRecords({ dataDir: parts.dataDir, media, monitor: account.monitor, clock: clock as Clock })
      const { service: reminders } = reminderServiceFor({
        clock,
        media: {
          allPrograms: (params, opts) => media().allPrograms(params, opts),
          listPrograms: (params) => media().listPrograms(params)
        },
        monitor: account.monitor,
        dataDir: parts.dataDir,
        settings: () => settings.read()
      })
      const catchUp = openCatchUp({
        dataDir: parts.dataDir,
        clock,
        media,
        monitor: account.monitor,
        settings: () => settings.read(),
        outbox: records.outbox
      })
      catchUp.follow()
      reminders.onChange((e) => e.type === 'status' && e.result?.ok === true && void catchUp.refresh())
      records.outbox.start()
      Object.assign(sink, { records, reminders, catchUp })
      return { clock, account, settings, records, reminders, catchUp }
    }
  }
}

/**
 * Opens the app (on the sign-in step), signs in with a token as the app would, and polls once.
 * The page's clock starts where the core's does, so "on air" and "updated N minutes ago" agree.
 */
export async function openSignedIn(
  page: Page,
  onair: { open(): Promise<void>; core: { account?: { signInWithToken(t: string): Promise<unknown> } } },
  t: { emu: Emulator; clock: ManualClock; sink: ScheduleSink; token?: string }
): Promise<void> {
  await page.clock.install({ time: t.clock.now() })
  await onair.open()
  await onair.core.account?.signInWithToken(t.token ?? t.emu.tokens.readWrite)
  await t.sink.reminders?.start()
  await expect(page.locator('section.schedule')).toBeVisible()
}

/** One test's emulator, the manual clock it and the core read, and what the core composed. */
export interface EmulatedWorld {
  emu: Emulator
  clock: ManualClock
  sink: ScheduleSink
}

/**
 * Each test of the spec gets its own emulator on a ManualClock from `now` (`prepare` changes the
 * emulator's data first) and an empty sink, the emulator closed after it; the returned world holds
 * the current test's parts (they are made in `beforeEach`, after `test.use` ran).
 */
export function emulatorEachTest(now: number, prepare?: (emu: Emulator) => void): EmulatedWorld {
  const world = {} as EmulatedWorld
  test.beforeEach(async () => {
    const clock = new ManualClock(now)
    world.clock = clock
    world.emu = await startEmulator({ port: 0, now: () => clock.now() })
    prepare?.(world.emu)
    world.sink = {}
  })
  test.afterEach(() => world.emu.close())
  return world
}

/**
 * For a spec over the schedule window: `emulatorEachTest`, and the window composed over each
 * test's world by `emulatedSchedule`, in Tokyo's time zone (`options` adds to Playwright's).
 */
export function emulatorPerTest(
  now: number,
  options: Parameters<typeof test.use>[0] = {},
  prepare?: (emu: Emulator) => void
): EmulatedWorld {
  const world = emulatorEachTest(now, prepare)
  test.use({
    timezoneId: 'Asia/Tokyo',
    ...options,
    onairDepsFor: { build: (parts) => emulatedSchedule(world.emu, world.clock, world.sink).build(parts) }
  })
  return world
}
