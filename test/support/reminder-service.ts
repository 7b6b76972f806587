import { createSessionMonitor } from '../../src/main/core/auth/monitor'
import { memoryNotifier } from '../../src/main/core/notify'
import { createReminderService, type ReminderServiceOptions } from '../../src/main/core/reminders/reminders'
import { createScheduler, type SchedulerOptions } from '../../src/main/core/reminders/scheduler'
import type { Delivery } from '../../src/shared/schedule'
import { defaultSettings } from '../../src/shared/settings'
import { createLedger } from './memory-ledger'

const doesNotPoll = (): never => {
  throw new Error('this reminder service was given no media client: it does not poll')
}

/**
 * The reminder service as the app and `onair run` compose it, over `dataDir` on `clock`, with what
 * a test leaves as it is: signed in, the default settings in English, fixed jitter, a cron that never
 * ticks (polls only when the test asks), and a notifier that keeps what it shows (`notifier.shown`,
 * unless the test brings its own). `media` is needed only by a service that polls.
 */
export function reminderServiceFor(
  opts: Pick<ReminderServiceOptions, 'clock' | 'dataDir'> & Partial<ReminderServiceOptions>
) {
  const notifier = memoryNotifier()
  const service = createReminderService({
    media: { allPrograms: doesNotPoll, listPrograms: doesNotPoll },
    monitor: createSessionMonitor('signed-in'),
    settings: defaultSettings,
    locale: () => 'en',
    random: () => 0.5,
    cron: () => ({ stop: () => {} }),
    notifier,
    ...opts
  })
  return { service, notifier }
}

/**
 * The scheduler alone, keeping what it delivers (`fired`), over a ledger in memory unless the test
 * brings one (a folder's, or one that races another process).
 */
export function schedulerFor(opts: Pick<SchedulerOptions, 'clock' | 'settings'> & Partial<SchedulerOptions>) {
  const fired: Delivery[] = []
  const scheduler = createScheduler({ ledger: createLedger(() => {}), deliver: (d) => fired.push(d), ...opts })
  return { scheduler, fired }
}
