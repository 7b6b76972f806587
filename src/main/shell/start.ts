/**
 * The app once Electron is ready: the core composed over the user's data folder, then the window,
 * IPC, the tray and notifications wired to it. Onair lives in the tray, so closing the window hides
 * it and only "Quit" ends the app.
 */
import { localeFromTag, type Locale } from '../../shared/locale'
import { app, clipboard, nativeImage, session, shell } from 'electron'
import { createAccount } from '../core/account/account'
import { personalDataWiper } from '../core/account/personal-data'
import { embeddedClient } from '../core/auth/build-client'
import { createCore } from '../core/app'
import { sessionFileStore } from '../core/auth/session-store'
import { every, type Clock } from '../core/clock'
import { controlSafeNotifier } from '../core/notify'
import { linuxBodyFormatter } from '../core/notification-markup'
import type { CronFactory } from '../core/schedule/cron'
import { openAppServices } from '../core/services'
import { describeCorruptFile } from '../core/file-errors'
import { describeError, FILE_ERROR } from '../core/describe-error'
import { useDocumentBackend, type CorruptFileReport } from '../core/store/json-file'
import { settingsFileStore } from '../core/store/settings'
import { quickRecordProgram } from '../core/schedule/quick-record'
import { UserErrorException } from '../core/user-error'
import type { DocumentStore } from '../core/store/json-file'
import type { NativeNotification } from '../core/notify'
import type { Settings } from '../../shared/settings'
import { setAppMenu } from './app-menu'
import { bindIpc } from './ipc'
import { applyStartup, launchedAtLogin } from './login-item'
import type { AppLog } from './log'
import { electronStoreBackend } from './electron-store'
import { electronNotifier, type NotificationTarget } from './notifications'
import { reminderAction, reminderButtons } from './reminder-actions'
import { appIconPath } from './paths'
import { watchPowerAndNetwork } from './power'
import { electronSecrets } from './secrets'
import { hardenSession, openWebUrl } from './security'
import { saveWithDialog } from './save-file'
import { createShortcuts } from './shortcuts'
import { createTray } from './tray'
import { createMainWindow } from './window'
import { linkFollower, type Links } from './links'
import { createAppUpdates } from './updater'
import { offerActions } from '../core/update/view'

export interface StartOptions {
  clock: Clock
  log: AppLog
  /** The command line: `--hidden` when the OS started the app at login. */
  argv: readonly string[]
  env: NodeJS.ProcessEnv
  /** `onair://` links: the launch's own, macOS's and second instances' (links.ts). */
  links: Links
  /** `npm run demo` signs the app in with the emulator's token (the paste-token path). */
  demoToken?: string
  /** Tests run the reminders' schedules on a fake cron. */
  cron?: CronFactory
}

/** How often the tray's countdowns are re-worded when nothing else changes. */
const TRAY_TICK_MS = 30_000

const NOTHING_TO_RECORD = {
  en: 'Nothing is on air now or ended in the last 30 minutes; here is the schedule.',
  ja: '放送中の番組も、30 分以内に終わった番組もありません。番組表を表示します。'
}

const NOTIFICATIONS_FAILED = {
  en: 'Onair could not show a notification ({error}). On macOS only a signed build may show notifications; see the README.',
  ja: 'Onair は通知を表示できませんでした（{error}）。macOS では署名済みのビルドだけが通知を表示できます。README を参照してください。'
}

export async function startApp({ clock, log, argv, env, links, demoToken, cron }: StartOptions): Promise<void> {
  await app.whenReady()
  const dataDir = app.getPath('userData')
  useDocumentBackend(electronStoreBackend())
  const icon = nativeImage.createFromPath(appIconPath())
  // Set once the window exists; a notification clicked before that has nothing to show.
  let onNotificationClick: (target: NotificationTarget, n?: NativeNotification) => void = () => {}
  let onNotificationFailed: (error: string) => void = () => {}
  let onReminderAction: (button: string, n: NativeNotification) => void = () => {}
  const notifier = controlSafeNotifier(
    electronNotifier({
      icon,
      // Electron hands the body to libnotify as it is; a server that reads markup needs it escaped.
      ...(process.platform === 'linux' ? { bodyText: linuxBodyFormatter(env) } : {}),
      onClick: (target, n) => onNotificationClick(target, n),
      // macOS and Windows show a reminder's buttons; Linux keeps the click that opens the quick record.
      buttons: (n) => reminderButtons(n, language()),
      onAction: (button, n) => onReminderAction(button, n),
      onFailed: (error, n) => {
        log.write('error', `notification "${n.id}" was not shown: ${error}`)
        onNotificationFailed(error)
      }
    })
  )
  const systemLanguage = (): Locale => localeFromTag(app.getLocale())
  // A saved file that no longer reads is kept aside and the user told; the system language is
  // used because the settings file may be the one that failed.
  const onCorrupt = (r: CorruptFileReport): void => {
    const text = describeCorruptFile(r)
    log.write('warn', text.en)
    notifier.show({ id: `corrupt:${r.path}`, title: 'Onair', body: text[systemLanguage()] })
  }
  const settingsFile = settingsFileStore(dataDir, onCorrupt)
  // The language the user chose in Onair, else the system's.
  const language = (): Locale => {
    const chosen = settingsFile.read().ui.locale
    return chosen === 'system' ? systemLanguage() : chosen
  }
  const secrets = electronSecrets(dataDir, onCorrupt)
  const account = createAccount({
    settings: settingsFile,
    secrets,
    sessionStore: sessionFileStore(dataDir, onCorrupt),
    clock,
    openBrowser: openWebUrl,
    locale: language,
    wipePersonalData: personalDataWiper(dataDir),
    buildClient: embeddedClient()
  })
  // The shortcuts are made further down; a settings change before then is read by their start.
  let followShortcuts: (stored: Settings['shortcuts']) => void = () => {}
  const toldFileErrors = new Set<string>()
  const services = openAppServices({
    dataDir,
    clock,
    account,
    settings: settingsFile,
    notifier,
    locale: language,
    onError: (e) => {
      log.write('error', 'background task failed', e)
      // A write the disk refused in the background (the outbox sending, the inbox, a cache): the
      // user is told once per file and problem in this run, in their language, not only the log.
      const known = describeError(e)
      if (known?.code !== FILE_ERROR) return
      const text = known.message
      if (toldFileErrors.has(text.en)) return
      toldFileErrors.add(text.en)
      notifier.show({ id: `file-error:${toldFileErrors.size}`, title: 'Onair', body: text[language()] })
    },
    onCorrupt,
    onSettingsApplied: (changed) => followShortcuts(changed.shortcuts),
    webhook: { secrets, face: 'app' },
    ...(cron ? { cron } : {}),
    // Beside a running `onair run` the app stands by for the reminders and takes over when it ends.
    hold: { face: 'app', whenHeld: 'standby' }
  })
  const { reminders, records, inbox, calendar } = services
  // Startup settings act on the OS (login item, Dock) now and whenever they change.
  applyStartup(settingsFile.read().startup, log, env)
  const settings = afterWrite(services.settings, (before, after) => {
    if (JSON.stringify(before.startup) !== JSON.stringify(after.startup)) applyStartup(after.startup, log, env)
  })
  if (demoToken && !account.session()?.info()) await account.signInWithToken(demoToken)
  // The actions run long after this point, when the window and the core below exist.
  const shortcuts = createShortcuts(
    {
      toggleWindow: () => main.toggle(),
      quickRecord: () => {
        const durationMinutes = settings.read().calendar.durationMinutes
        const program = quickRecordProgram(reminders.schedule().programs, clock.now(), durationMinutes)
        if (program) return openProgram(program.id)
        navigate('schedule')
        core.events.emit('app:notice', { level: 'info', message: NOTHING_TO_RECORD })
      }
    },
    log
  )
  const updates = createAppUpdates({
    clock,
    log,
    env,
    timeZone: () => settings.read().reminders.timeZone,
    openExternal: (url) => core.openExternal(url)
  })
  const core = createCore({
    clock,
    dataDir,
    openExternal: openWebUrl,
    appName: app.getName(),
    version: app.getVersion(),
    platform: process.platform,
    locale: () => app.getLocale(),
    account,
    settings,
    reminders,
    records,
    inbox,
    calendar,
    calendarShell: { copyText: (text) => clipboard.writeText(text), saveFile: saveWithDialog },
    shortcuts,
    updates,
    window: {
      hide: () => main.hide(),
      async openLog() {
        // Written first, so there is a file to open even on a run without errors.
        log.write('info', 'log opened from Settings')
        const failure = await shell.openPath(log.path)
        if (failure)
          throw new UserErrorException('log-not-opened', { en: failure, ja: `ログを開けませんでした: ${failure}` })
      }
    }
  })
  hardenSession(session.defaultSession)
  setAppMenu()
  const hidden = launchedAtLogin(argv) && settings.read().startup.hiddenAtLogin
  const main = createMainWindow({ showOnReady: !hidden, log, clock })
  const unbindIpc = bindIpc(core, main.window)
  shortcuts.start(settings.read().shortcuts)
  followShortcuts = shortcuts.follow
  const navigate = (view: 'settings' | 'inbox' | 'schedule'): void => {
    main.show()
    core.events.emit('app:navigate', { view })
  }
  const openProgram = (programId: number): void => {
    main.show()
    core.events.emit('app:focusProgram', { programId })
  }
  onNotificationClick = (target, n) => {
    // The reminder history notes the click; a failed write is logged by the service's onError.
    if (n?.reminder) reminders.actedOn(n.reminder, 'opened')
    if (target.kind === 'record') return openProgram(target.programId)
    if (target.kind === 'url') return void core.openExternal(target.url).catch((e) => log.write('warn', 'link', e))
    navigate(target.kind === 'inbox' ? 'inbox' : 'schedule')
  }
  onReminderAction = reminderAction({
    reminders,
    outbox: records.outbox,
    notifier,
    language,
    openProgram,
    log
  })
  // Said once per run in the window (and every time in the log): one failure is usually all of them.
  let failureShown = false
  onNotificationFailed = (error) => {
    if (failureShown) return
    failureShown = true
    const say = (text: string): string => text.replace('{error}', error)
    core.events.emit('app:notice', {
      level: 'warning',
      message: { en: say(NOTIFICATIONS_FAILED.en), ja: say(NOTIFICATIONS_FAILED.ja) }
    })
  }
  // A rejected token: one notification (the monitor fires once), the tray shows "sign in".
  account.onChange((change) => {
    if (change.reason)
      notifier.show({ id: 'signed-out', title: 'Onair', body: change.reason[language()], target: { kind: 'schedule' } })
  })
  const tray = createTray({
    open: () => navigate('schedule'),
    toggle: main.toggle,
    quit: () => app.quit(),
    refresh: () => void reminders.refresh(),
    openSettings: () => navigate('settings'),
    openInbox: () => navigate('inbox'),
    openProgram,
    locale: language,
    timeZone: () => settings.read().reminders.timeZone,
    clock,
    update: (action) => void updates.act(action).catch((e: unknown) => log.write('warn', 'update', e)),
    updateOffer: () => offerActions(updates.state())
  })
  const updateTray = (): void => tray.setSchedule(reminders.tray())
  reminders.onChange(updateTray)
  account.onChange(updateTray)
  inbox.onChange((unseen) => tray.setInboxCount(unseen))
  // Countdowns in the menu and the tooltip move on even when nothing else happens.
  const stopTicking = every(clock, TRAY_TICK_MS, updateTray)
  const stopWatching = watchPowerAndNetwork(services, clock)
  void services.start().then(updateTray, (e: unknown) => log.write('error', 'the services did not start', e))
  updates.onChange(() => tray.refresh())
  updates.start()

  links.attach(
    linkFollower({
      show: main.show,
      openProgram,
      showSchedule: (notice) => {
        navigate('schedule')
        core.events.emit('app:notice', { level: 'info', message: notice })
      },
      openWeb: (url) => core.openExternal(url),
      input: () => ({
        programs: reminders.schedule().programs,
        now: clock.now(),
        durationMinutes: settings.read().calendar.durationMinutes,
        mediaUrl: account.services().mediaUrl
      }),
      notifier,
      language,
      log
    })
  )
  app.on('activate', main.show)
  app.once('before-quit', () => {
    main.allowClose()
    stopTicking()
    stopWatching()
    updates.stop()
    unbindIpc()
    tray.destroy()
    void services.stop().catch((e: unknown) => log.write('error', 'stopping the services failed', e))
  })
}

/** The same document, with `after(before, next)` called once each write has been stored. */
function afterWrite(
  store: DocumentStore<Settings>,
  after: (before: Settings, next: Settings) => void
): DocumentStore<Settings> {
  return {
    read: () => store.read(),
    write(next) {
      const before = store.read()
      store.write(next)
      after(before, next)
    },
    update(fn) {
      const before = store.read()
      const next = store.update(fn)
      after(before, next)
      return next
    }
  }
}
