import type { Settings } from '../../shared/settings'
import type { Account } from '../core/account'
import { systemClock } from '../core/clock'
import type { Locale } from '../core/config'
import { createReminderService, type ReminderService } from '../core/schedule/reminders'
import type { DocumentStore } from '../core/store/json-file'
import { electronNotifier, type NotificationTarget } from './notifications'

/**
 * The reminder service as the app runs it: the account's media client (looked up at each poll,
 * so a change of service settings applies at once) and monitor, the settings document, native
 * notifications. Settings written through the returned store re-plan the reminders.
 */
export interface AppReminders {
  reminders: ReminderService
  /** The settings document to hand to the core: every write re-plans the reminders. */
  settings: DocumentStore<Settings>
}

export function appReminders(opts: {
  dataDir: string
  account: Account
  settings: DocumentStore<Settings>
  locale: () => Locale
  onNotificationClick: (target: NotificationTarget) => void
}): AppReminders {
  const file = opts.settings
  const reminders = createReminderService({
    clock: systemClock,
    media: { allPrograms: (params, o) => opts.account.media().allPrograms(params, o) },
    monitor: opts.account.monitor,
    dataDir: opts.dataDir,
    settings: () => file.read(),
    notifier: electronNotifier(opts.onNotificationClick),
    locale: opts.locale,
    onError: (e) => console.error('[reminders]', e)
  })
  const settings: DocumentStore<Settings> = {
    read: () => file.read(),
    write(next) {
      file.write(next)
      reminders.settingsChanged()
    },
    update(fn) {
      const next = fn(file.read())
      settings.write(next)
      return next
    }
  }
  return { reminders, settings }
}
