import type { Locale } from '../../shared/locale'
import type { Settings } from '../../shared/settings'
import type { Account } from './account/account'
import { openCalendar, type CalendarService } from './calendar'
import { openCatchUp, type CatchUpFeature } from './catch-up'
import type { Clock } from './clock'
import { createImageLoader } from './images/loader'
import { createInbox, type InboxService } from './inbox/inbox'
import { inboxSwitches } from './inbox/switches'
import { webhookSecretFile, type Face } from './inbox/webhook-secret'
import { inboxFileStore } from './inbox/store'
import type { Notifier } from './notify'
import { openRecords, type RecordsCore } from './records'
import { wallClockCron, type CronFactory } from './programs/cron'
import { createReminderService, type ReminderService } from './reminders/reminders'
import { folderReminders, type ServedFirst } from './reminders/folder-reminders'
import { folderTurn, type HoldPolicy } from './folder-hold/folder-turn'
import { DocumentStore } from './store/document'
import type { CorruptFileReport } from './store/database'
import { watchSettings, type WatchedSettings } from './store/settings-watch'
import { createTonight, type TonightService } from './tonight/service'
import type { WebhookEvent } from './wiki/webhooks'

/**
 * The app's long-running features over one account: reminders, the outbox, the wiki inbox (with
 * its webhook receiver) and the calendar, started and stopped together, and told together when
 * the machine wakes or the network returns, so each one catches up at once. Each feature follows
 * its own settings (it subscribes to `settings.onChange`); this file only says which and when.
 */
export interface AppServices {
  reminders: ReminderService
  records: RecordsCore
  inbox: InboxService
  /** The calendar document and the subscribed feed's server (on while its setting is). */
  calendar: CalendarService
  /** The aired episodes not recorded (`catchup:*`, the tray's count). */
  catchUp: CatchUpFeature
  /** "Tonight's list", shown by the process serving the folder's reminders. */
  tonight: TonightService
  /**
   * The settings document to hand to the core. `onChange` is told after the features took a
   * change, whoever made it (store/settings-watch.ts); `settled` resolves once the webhook
   * receiver is where the last change wanted it.
   */
  settings: DocumentStore<Settings> & Pick<WatchedSettings, 'onChange'> & { settled(): Promise<void> }
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
  /** A saved file could not be read and was moved aside (see describeCorruptFile). */
  onCorrupt?: (report: CorruptFileReport) => void
  /**
   * Which face runs the webhook receiver (its secret is the account's, one for every face);
   * `onUrlReplaced` is told besides the notification when the registered URL stopped working.
   */
  webhook: { face: Face; onUrlReplaced?: (url: string) => void }
  /** Each event the webhook receiver accepted, after the inbox has it (`onair run` prints them). */
  onWebhookEvent?: (event: WebhookEvent) => void
  /** Serve reminders only while holding the data folder (folder-hold/folder-turn.ts). */
  hold?: HoldPolicy
  /**
   * The folder's reminders opened and its hold taken already, what fell due delivered
   * (folder-reminders.ts `serveFolderFirst`: `onair run` does that before it builds the account).
   */
  first?: ServedFirst
}

export function openAppServices(deps: AppServicesDeps): AppServices {
  const { dataDir, clock, account, locale, onCorrupt, webhook } = deps
  // What every feature is opened with: the folder, the time, the notifier, the language, and
  // where its background failures and moved-aside files are told.
  const ground = { dataDir, clock, notifier: deps.notifier, locale, onError: deps.onError, onCorrupt }
  const cron = deps.cron ?? wallClockCron
  const settings = watchSettings(deps.settings, clock)
  // Looked up at each use, so a change of service settings applies at once.
  const media = () => account.media()
  const records = openRecords({ ...ground, media, monitor: account.monitor })
  const delivery = deps.first?.delivery ?? folderReminders({ ...ground, settings })
  const reminders = createReminderService({
    ...ground,
    delivery,
    media: {
      allPrograms: (params, o) => media().allPrograms(params, o),
      listPrograms: (params) => media().listPrograms(params)
    },
    monitor: account.monitor,
    settings: () => settings.read(),
    cron,
    // Signed out here: another process (the app, `onair sign-in`) may have signed in since.
    recheck: () => void account.reloadSecrets().catch(() => undefined)
  })
  const inbox = createInbox({
    ...ground,
    wiki: () => account.wiki(),
    store: inboxFileStore(dataDir, onCorrupt),
    notify: () => settings.read().inbox.notify,
    language: locale,
    images: createImageLoader({
      clock,
      wikiUrl: () => account.services().wikiUrl,
      wikiImages: () => settings.read().inbox.wikiImages
    })
  })
  const calendar = openCalendar({
    ...ground,
    schedule: () => reminders.schedule(),
    settings: () => settings.read(),
    mediaUrl: () => account.services().mediaUrl
  })
  // On the reminders' saved schedule and their ledger: what is claimed there is shown once per folder.
  const tonight = createTonight({
    ...ground,
    settings: () => settings.read(),
    schedule: delivery.stores.cache,
    ledger: delivery.stores.ledger
  })
  const catchUp = openCatchUp({
    ...ground,
    media,
    monitor: account.monitor,
    settings: () => settings.read(),
    outbox: records.outbox
  })
  // The catch-up list is asked for with every good poll of the schedule, wherever that poll ran.
  reminders.onChange((e) => {
    if (e.type !== 'status' || e.result?.ok !== true) return
    void catchUp.refresh()
    // A notice that found nothing fetched yet is due once the schedule is.
    tonight.replan()
  })
  const inboxSwitch = inboxSwitches({
    ...ground,
    inbox,
    cron,
    secret: () => webhookSecretFile(dataDir, account.secrets, webhook.face, onCorrupt),
    onEvent: deps.onWebhookEvent,
    onUrlReplaced: webhook.onUrlReplaced
  })
  const turn = folderTurn({
    ...ground,
    hold: deps.hold,
    held: deps.first?.hold,
    // Reminders first: what fell due while nothing served is delivered by their first plan, before
    // the feed's server starts. The feed, like the reminders, is served by the one process holding
    // the folder: the app on standby and `onair run` would otherwise both want the remembered port.
    async serve() {
      const started = reminders.start()
      await calendar.sync()
      await started
      // After the first poll, so that a notice due meanwhile names what that poll found.
      tonight.start()
    }
  })
  settings.onChange(() => reminders.settingsChanged())
  settings.onChange(() => tonight.replan())
  settings.onChange((s) => void inboxSwitch.follow(s))
  settings.onChange(() => turn.serving() && void calendar.sync())
  // A new number of days is a new list: asked for at once, not at the next poll.
  settings.onChange((s) => s.catchUp.days !== catchUp.view().days && void catchUp.refresh())

  const stops: Array<() => void | Promise<void>> = []
  const resync = () => {
    void records.outbox.flush()
    void inbox.refresh()
  }
  return {
    reminders,
    records,
    inbox,
    calendar,
    catchUp,
    tonight,
    settings: { ...settings, settled: () => inboxSwitch.settled() },
    async start() {
      // The reminders before the rest: their first plan delivers what fell due while nothing
      // served, synchronously, here. Behind the outbox, the inbox's cron (node-cron works out its
      // next tick through Intl) and the receiver, it came noticeably late after a restart.
      const serving = turn.claim()()
      records.outbox.start()
      stops.push(() => records.outbox.stop())
      stops.push(catchUp.follow())
      // A sign-in sends whatever waited for it.
      stops.push(account.onChange((change) => change.signedIn && void records.outbox.flush()))
      stops.push(() => calendar.stop())
      stops.push(() => tonight.stop())
      await Promise.all([inboxSwitch.start(settings.read()), serving])
      // Once the first poll is in: a quit during it lets it finish and keep what it fetched.
      stops.push(() => reminders.stop())
      settings.start()
      stops.push(() => settings.stop())
    },
    async stop() {
      turn.stop()
      await inboxSwitch.stop()
      for (const stop of stops.splice(0).reverse()) await stop()
      turn.release()
    },
    resume() {
      void reminders.resume()
      tonight.replan()
      resync()
    },
    networkBack() {
      void reminders.networkBack()
      resync()
    }
  }
}
