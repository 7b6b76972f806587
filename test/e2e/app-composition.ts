import { ManualClock } from '../support/manual-clock'
import type { ReminderEvent } from '../../src/main/core/reminders/reminder-delivery'
import type { AppServices } from '../../src/main/core/services'
import { startEmulator, type Emulator } from '../emulator'
import { emulatedAppServices, test } from './fixtures'

export interface AppComposition {
  clock: ManualClock
  emu: Emulator
  /** Opened when the test's window opens, stopped after the test. */
  services: AppServices | undefined
}

/**
 * For a spec file: the app's own composition (`openAppServices`) over an emulated account, in
 * Tokyo, on a manual clock starting at `now`. Settings writes re-plan the reminders and switch the
 * webhook receiver exactly as in the app; cron never ticks. Call once at the file's top; each
 * test reads the parts from what it returns.
 */
export function useAppComposition(now: number, onReminder: (event: ReminderEvent) => void): AppComposition {
  const app = { services: undefined } as AppComposition
  test.beforeEach(async () => {
    app.clock = new ManualClock(now)
    app.emu = await startEmulator({ port: 0, now: () => app.clock.now() })
  })
  test.afterEach(async () => {
    await app.services?.stop()
    app.services = undefined
    await app.emu.close()
  })
  test.use({
    timezoneId: 'Asia/Tokyo',
    onairDepsFor: {
      build(parts) {
        const opened = emulatedAppServices(app.emu, parts, app.clock)
        const services = (app.services = opened.services)
        services.reminders.onChange(onReminder)
        return {
          clock: app.clock,
          account: opened.account,
          settings: services.settings,
          reminders: services.reminders,
          records: services.records,
          inbox: services.inbox,
          catchUp: services.catchUp
        }
      }
    }
  })
  return app
}
