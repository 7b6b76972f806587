import type { Settings } from '../../shared/settings'
import type { Account } from './account'
import type { Clock } from './clock'
import type { Locale } from './config'
import { createInbox, type InboxService } from './inbox/inbox'
import { startInboxPolling } from './inbox/poller'
import { startInboxReceiver, webhookSecretFile } from './inbox/receiver'
import { inboxFileStore } from './inbox/store'
import type { Notifier } from './notify'
import { openRecords, type RecordsCore } from './records'
import { nodeCronFactory, type CronFactory } from './schedule/cron'
import { createReminderService, type ReminderService } from './schedule/reminders'
import type { DocumentStore } from './store/json-file'

/**
 * The app's long-running features over one account: reminders, the outbox and the wiki inbox
 * (with its optional webhook receiver), started and stopped together, and told together when
 * the machine wakes, the network returns or the user signs in, so each one catches up at once.
 */
export interface AppServices {
  reminders: ReminderService
  records: RecordsCore
  inbox: InboxService
  /** The settings document to hand to the core: every write re-plans the reminders. */
  settings: DocumentStore<Settings>
  start(): Promise<void>
  stop(): Promise<void>
  /** Back from sleep. */
  resume(): void
  networkBack(): void
}

export interface AppServicesDeps {
  dataDir: string
  clock: Clock
  account: Account
  settings: DocumentStore<Settings>
  notifier: Notifier
  locale: () => Locale
  cron?: CronFactory
  onError?: (error: unknown) => void
}

export function openAppServices(deps: AppServicesDeps): AppServices {
  const file = deps.settings
  const cron = deps.cron ?? nodeCronFactory
  const reminders = createReminderService({
    clock: deps.clock,
    // Looked up at each poll, so a change of service settings applies at once.
    media: { allPrograms: (params, o) => deps.account.media().allPrograms(params, o) },
    monitor: deps.account.monitor,
    dataDir: deps.dataDir,
    settings: () => file.read(),
    notifier: deps.notifier,
    locale: deps.locale,
    cron,
    onError: deps.onError
  })
  const records = openRecords({ dataDir: deps.dataDir, media: () => deps.account.media(), monitor: deps.account.monitor, clock: deps.clock })
  const inbox = createInbox({
    wiki: () => deps.account.wiki(),
    store: inboxFileStore(deps.dataDir),
    clock: deps.clock,
    notifier: deps.notifier,
    notify: () => file.read().inbox.notify,
    language: deps.locale
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

  const stops: Array<() => void | Promise<void>> = []
  const catchUp = () => {
    void records.outbox.flush()
    void inbox.refresh()
  }

  return {
    reminders,
    records,
    inbox,
    settings,
    async start() {
      records.outbox.start()
      stops.push(() => records.outbox.stop())
      stops.push(startInboxPolling(inbox, (tick) => cron(file.read().inbox.cron, tick)))
      // A sign-in sends whatever waited for it.
      stops.push(deps.account.onChange((change) => change.signedIn && void records.outbox.flush()))
      const webhook = file.read().inbox.webhook
      if (webhook.enabled) {
        try {
          const receiver = await startInboxReceiver({ inbox, secret: webhookSecretFile(deps.dataDir), port: webhook.port, onError: deps.onError })
          stops.push(() => receiver.close())
        } catch (e) {
          // A busy port must not keep reminders from starting; the settings show the receiver as off.
          deps.onError?.(e)
        }
      }
      await reminders.start()
      stops.push(() => reminders.stop())
    },
    async stop() {
      for (const stop of stops.splice(0).reverse()) await stop()
    },
    resume() {
      void reminders.resume()
      catchUp()
    },
    networkBack() {
      void reminders.networkBack()
      catchUp()
    }
  }
}
