import type { Locale } from '../../shared/locale'
import type { Settings } from '../../shared/settings'
import type { Account } from './account/account'
import type { Secrets } from './auth/secrets'
import { openCalendar, type CalendarService } from './calendar'
import type { Clock, TimerHandle } from './clock'
import { createImageLoader } from './images/loader'
import { createInbox, type InboxService } from './inbox/inbox'
import { inboxPollSwitch } from './inbox/poller'
import { receiverSwitch, RECEIVER_OFF } from './inbox/receiver-switch'
import { memoryWebhookSecret, webhookSecretFile, type Face } from './inbox/webhook-secret'
import { inboxFileStore } from './inbox/store'
import type { Notifier } from './notify'
import { openRecords, type RecordsCore } from './records'
import { nodeCronFactory, type CronFactory } from './schedule/cron'
import { createReminderService, type ReminderService } from './schedule/reminders'
import { FolderHeldError, holdFolder, type FolderHold, type HoldAttempt } from './store/folder-lock'
import type { CorruptFileReport, DocumentStore } from './store/json-file'
import type { WebhookEvent } from './wiki/webhooks'

/**
 * The app's long-running features over one account: reminders, the outbox and the wiki inbox
 * (with its optional webhook receiver), started and stopped together, and told together when
 * the machine wakes, the network returns or the user signs in, so each one catches up at once.
 */
export interface AppServices {
  reminders: ReminderService
  records: RecordsCore
  inbox: InboxService
  /** The calendar document and the subscribed feed's server (on while its setting is). */
  calendar: CalendarService
  /**
   * The settings document to hand to the core: every write re-plans the reminders, restarts the
   * inbox poll when its schedule changed and starts or stops the webhook receiver to match.
   * `settled` resolves once the receiver is where the last write wanted it.
   */
  settings: DocumentStore<Settings> & { settled(): Promise<void> }
  /**
   * After the features took a settings change, whoever made it: this app, or `onair config` and
   * another process (found within SETTINGS_CHECK_MS). The shell applies its own parts here.
   */
  onSettingsApplied(listener: (settings: Settings) => void): () => void
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
   * Where the webhook receiver keeps its secret (this face's secrets store); `onUrlReplaced` is
   * told besides the notification when the registered URL stopped working. Absent: a secret in
   * memory for this run (tests and harnesses).
   */
  webhook?: { secrets: Secrets; face: Face; onUrlReplaced?: (url: string) => void }
  /** Each event the webhook receiver accepted, after the inbox has it (`onair run` prints them). */
  onWebhookEvent?: (event: WebhookEvent) => void
  /**
   * Serve reminders only while holding the data folder (store/folder-lock.ts). When another
   * process holds it, `refuse` makes `start` throw FolderHeldError (`onair run` exits 2 naming the
   * holder); `standby` runs everything else and takes over the reminders once the holder is gone.
   * Absent: no hold (tests and harnesses that own their folder).
   */
  hold?: { face: 'app' | 'cli'; whenHeld: 'refuse' | 'standby' }
}

/** How often a standby app asks for the folder again. */
export const STANDBY_RETRY_MS = 30_000

/** How often the settings file is looked at for changes made by another process. */
export const SETTINGS_CHECK_MS = 2_000

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
    onError: deps.onError,
    onCorrupt: deps.onCorrupt
  })
  const records = openRecords({
    dataDir: deps.dataDir,
    media: () => deps.account.media(),
    monitor: deps.account.monitor,
    clock: deps.clock,
    onCorrupt: deps.onCorrupt,
    onError: deps.onError
  })
  const inbox = createInbox({
    wiki: () => deps.account.wiki(),
    store: inboxFileStore(deps.dataDir, deps.onCorrupt),
    clock: deps.clock,
    notifier: deps.notifier,
    notify: () => file.read().inbox.notify,
    language: deps.locale,
    images: createImageLoader({
      clock: deps.clock,
      wikiUrl: () => deps.account.services().wikiUrl,
      wikiImages: () => file.read().inbox.wikiImages
    })
  })

  const calendar = openCalendar({
    dataDir: deps.dataDir,
    clock: deps.clock,
    schedule: () => reminders.schedule(),
    settings: () => file.read(),
    locale: deps.locale,
    mediaUrl: () => deps.account.services().mediaUrl,
    onError: deps.onError,
    onCorrupt: deps.onCorrupt
  })

  let running = false
  /** The folder, while this process serves its reminders (and its calendar feed). */
  let held: FolderHold | undefined
  const stops: Array<() => void | Promise<void>> = []

  const webhook = deps.webhook
  const inMemory = webhook ? undefined : memoryWebhookSecret()
  const receiver = receiverSwitch({
    inbox,
    // Without a face's secrets store (tests, harnesses): a secret in memory for this run.
    secret: () =>
      webhook ? webhookSecretFile(deps.dataDir, webhook.secrets, webhook.face, deps.onCorrupt) : inMemory!,
    notifier: deps.notifier,
    locale: deps.locale,
    onEvent: deps.onWebhookEvent,
    onUrlReplaced: deps.webhook?.onUrlReplaced,
    onError: deps.onError
  })
  const syncReceiver = (): Promise<void> => receiver.sync(running ? file.read().inbox.webhook : RECEIVER_OFF)
  const inboxPoll = inboxPollSwitch(inbox, cron)
  const syncInboxPoll = (): void => inboxPoll(running ? file.read().inbox.cron : '')

  const settingsListeners = new Set<(settings: Settings) => void>()
  // What the features were last told about; a write here or by another process makes it stale.
  let applied = file.read()
  const applySettings = (): void => {
    applied = file.read()
    reminders.settingsChanged()
    syncInboxPoll()
    void syncReceiver()
    if (held) void calendar.sync()
    for (const listener of settingsListeners) listener(applied)
  }
  // `onair config set`, the app and `onair run` share one settings file: the store re-reads a file
  // another process changed, so comparing what it hands out finds such a change within seconds.
  let settingsCheck: TimerHandle | undefined
  const checkSettings = (): void => {
    if (file.read() !== applied) applySettings()
    settingsCheck = deps.clock.setTimeout(checkSettings, SETTINGS_CHECK_MS)
  }

  const settings: AppServices['settings'] = {
    read: () => file.read(),
    write(next) {
      file.write(next)
      applySettings()
    },
    update(fn) {
      const next = fn(file.read())
      settings.write(next)
      return next
    },
    settled: () => receiver.settled()
  }

  let standby: TimerHandle | undefined
  const takeHold = (): HoldAttempt => {
    if (!deps.hold) return { ok: true, hold: { release: () => {} } }
    return holdFolder(deps.dataDir, {
      face: deps.hold.face,
      now: deps.clock.now(),
      onLost: (e) => deps.onError?.(e)
    })
  }
  const serve = async (hold: FolderHold) => {
    held = hold
    // Reminders first: what fell due while nothing served is delivered by their first plan, before
    // the feed's server starts. The feed, like the reminders, is served by the one process holding
    // the folder: the app on standby and `onair run` would otherwise both want the remembered port.
    const started = reminders.start()
    await calendar.sync()
    await started
  }
  // Everything but the reminders runs meanwhile; the holder's schedule.json is what it shows.
  const standBy = (): void => {
    standby = deps.clock.setTimeout(() => {
      standby = undefined
      if (!running) return
      const attempt = takeHold()
      if (attempt.ok) void serve(attempt.hold)
      else standBy()
    }, STANDBY_RETRY_MS)
  }
  const catchUp = () => {
    void records.outbox.flush()
    void inbox.refresh()
  }

  return {
    reminders,
    records,
    inbox,
    calendar,
    settings,
    onSettingsApplied(listener) {
      settingsListeners.add(listener)
      return () => settingsListeners.delete(listener)
    },
    async start() {
      const first = takeHold()
      if (!first.ok && deps.hold?.whenHeld === 'refuse') throw new FolderHeldError(first.holder)
      running = true
      records.outbox.start()
      stops.push(() => records.outbox.stop())
      syncInboxPoll()
      // A sign-in sends whatever waited for it.
      stops.push(deps.account.onChange((change) => change.signedIn && void records.outbox.flush()))
      await syncReceiver()
      stops.push(() => calendar.stop())
      if (first.ok) await serve(first.hold)
      else standBy()
      stops.push(() => reminders.stop())
      checkSettings()
      stops.push(() => settingsCheck && deps.clock.clearTimeout(settingsCheck))
    },
    async stop() {
      running = false
      syncInboxPoll()
      await syncReceiver()
      if (standby) deps.clock.clearTimeout(standby)
      standby = undefined
      for (const stop of stops.splice(0).reverse()) await stop()
      // Only once no reminder can fire here any more may another process take over.
      held?.release()
      held = undefined
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
