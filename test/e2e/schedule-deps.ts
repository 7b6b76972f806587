import type { Page } from '@playwright/test'
import type { CoreDeps } from '../../src/main/core/app'
import type { Clock, ManualClock } from '../../src/main/core/clock'
import { memoryNotifier } from '../../src/main/core/notify'
import { openRecords, type RecordsCore } from '../../src/main/core/records'
import { createReminderService, type ReminderService } from '../../src/main/core/schedule/reminders'
import type { Emulator } from '../emulator'
import { emulatedAccount, expect, type HarnessParts } from './fixtures'

/** What a test reaches into: the composed records and reminders of the current core. */
export interface ScheduleSink {
  records?: RecordsCore
  reminders?: ReminderService
}

/**
 * The whole app side of the schedule window for `onairDepsFor`: a configured account on the
 * emulator (signed in by `signIn` with the read-write token), the outbox and the reminder service
 * over its media client, all on `clock` (a ManualClock the emulator also reads), so undo windows,
 * backoff and poll windows move only when a test advances it. Polls run on demand (no cron ticks).
 */
export function emulatedSchedule(emu: Emulator, clock: ManualClock, sink: ScheduleSink) {
  const accountDeps = emulatedAccount(emu, { configured: true })
  return {
    build(parts: HarnessParts): Partial<CoreDeps> {
      const { account, settings } = accountDeps.build(parts)
      if (!account || !settings) throw new Error('emulatedAccount gave no account')
      const media = () => account.media()
      const records = openRecords({ dataDir: parts.dataDir, media, monitor: account.monitor, clock: clock as Clock })
      const reminders = createReminderService({
        clock,
        media: { allPrograms: (params, opts) => media().allPrograms(params, opts) },
        monitor: account.monitor,
        dataDir: parts.dataDir,
        settings: () => settings.read(),
        notifier: memoryNotifier(),
        locale: () => 'en',
        random: () => 0.5,
        cron: () => ({ stop: () => {} })
      })
      records.outbox.start()
      Object.assign(sink, { records, reminders })
      return { clock, account, settings, records, reminders }
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
