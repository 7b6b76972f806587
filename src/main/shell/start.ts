/**
 * The app once Electron is ready: the core composed over the user's data folder, then the window,
 * IPC, the tray and notifications wired to it. Onair lives in the tray, so closing the window hides
 * it and only "Quit" ends the app.
 */
import { dirname } from 'node:path'
import { app, autoUpdater, clipboard, dialog, Menu, session } from 'electron'
import { localeFromTag, type Locale } from '../../shared/locale'
import { folderAccount } from '../core/account/folder-account'
import { sessionFileStore } from '../core/auth/session-store'
import { createCore } from '../core/app'
import { within, type Clock } from '../core/clock'
import { diagnostics } from '../core/diagnostics/gather'
import type { CronFactory } from '../core/programs/cron'
import { reminderPresses } from '../core/reminders/reminder-presses'
import { openAppServices } from '../core/services'
import { keepAppSettingsIn } from '../core/store/document-backend'
import { onDamagedDatabase } from '../core/store/database'
import { writeAtomic } from '../core/store/atomic-write'
import { watchDataDir } from '../core/store/data-dir'
import { settingsFileStore } from '../core/store/settings'
import { linkAction } from '../core/links'
import { rendererHtmlFile } from './app-files'
import { appNotifier } from './app-notifier'
import { bindIpc } from './ipc'
import { openAppTray } from './tray'
import { electronStoreBackend } from './electron-store'
import type { Links } from './links'
import { showLogFile, type AppLog } from './log'
import { followStartup, launchedAtLogin } from './login-item'
import { backgroundErrorNotice, corruptFileNotices, signedOutNotice } from './notices'
import { electronFetch } from './net-fetch'
import { watchPowerAndNetwork } from './power'
import { folderSecrets } from '../core/auth/folder-secrets'
import { serveRenderer } from './renderer-protocol'
import { hardenSession, openWebUrl } from './security'
import { createShortcuts, quickRecordShortcut } from './shortcuts'
import { withoutDesktopEntry } from './desktop-entry'
import { createAppUpdates } from './updater'
import { createMainWindow } from './window'
import { windowRoutes } from './window-routes'

/**
 * The longest a quit waits for the services to stop: time for the files to be written, not for a
 * request in flight to reach its own timeout (the outbox sends it again at the next start).
 */
const QUIT_PATIENCE_MS = 5_000

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

export async function startApp({ clock, log, argv, env, links, demoToken, cron }: StartOptions): Promise<void> {
  await app.whenReady()
  const dataDir = app.getPath('userData')
  keepAppSettingsIn(electronStoreBackend())
  // Notifications, shortcuts and the tray reach the window through these (attached once it exists).
  const window = windowRoutes((e) => log.write('warn', 'link', e))
  const systemLanguage = (): Locale => localeFromTag(app.getLocale())
  const corrupt = corruptFileNotices(log, systemLanguage)
  onDamagedDatabase(corrupt.report)
  const settingsFile = settingsFileStore(dataDir, corrupt.report)
  // The language the user chose in Onair, else the system's.
  const language = (): Locale => {
    const chosen = settingsFile.read().ui.locale
    return chosen === 'system' ? systemLanguage() : chosen
  }
  // A reminder's buttons and click, bound to the services once they exist.
  const presses = reminderPresses({ language, openProgram: window.openProgram, log })
  const notifier = appNotifier(window, presses, language, log, env, clock)
  corrupt.tellThrough(notifier)
  // The folder's secrets, shared with `onair` and `onair run`: the credential store (read on the
  // library's threads, never this one) unless the user chose the plain file.
  const secrets = folderSecrets(dataDir, () => settingsFile.read().secrets.storage)
  log.knowSecrets(secrets.known)
  const account = folderAccount(dataDir, {
    settings: settingsFile,
    secrets,
    sessionStore: sessionFileStore(dataDir, corrupt.report),
    clock,
    fetch: electronFetch,
    openBrowser: openWebUrl,
    locale: language
  })
  account.onChange(signedOutNotice(notifier, language))
  // Read without holding up the window: a keyring still locked at login is "not yet", and the
  // poll asks again while signed out (services.ts `recheck`).
  const secretsRead = account.reloadSecrets().catch((e: unknown) => log.write('warn', 'secrets', e))
  // Changed while the app was closed (settings.json edited, an address the rule refuses): said now.
  const atStart = account.signedOutReason()
  if (atStart) {
    log.write('warn', atStart.en)
    signedOutNotice(notifier, language)({ reason: atStart })
  }
  const services = openAppServices({
    dataDir,
    clock,
    account,
    settings: settingsFile,
    notifier,
    locale: language,
    onError: backgroundErrorNotice(notifier, log, language),
    onCorrupt: corrupt.report,
    webhook: { face: 'app' },
    ...(cron ? { cron } : {}),
    // Beside a running `onair run` the app stands by for the reminders and takes over when it ends.
    hold: { face: 'app', whenHeld: 'standby' }
  })
  presses.bind(services, notifier)
  const { reminders, records, inbox, calendar, catchUp, settings } = services
  followStartup(settings, log, env)
  if (demoToken) {
    // The demo signs in only where the folder's store holds no sign-in yet.
    await secretsRead
    if (!account.session()?.info()) await account.signInWithToken(demoToken)
  }
  const shortcuts = createShortcuts(
    { toggleWindow: window.toggle, quickRecord: quickRecordShortcut({ settings, reminders, clock, window }) },
    log,
    withoutDesktopEntry({ refused: links.refused, dataDir, env, log, notifier, language })
  )
  const timeZone = () => settings.read().reminders.timeZone
  const updates = createAppUpdates({ clock, log, env, timeZone, openExternal: openWebUrl })
  const core = createCore({
    clock,
    dataDir,
    openExternal: openWebUrl,
    appName: app.getName(),
    version: app.getVersion(),
    platform: process.platform,
    // Read on each call: the system locale can change while the app runs.
    locale: () => app.getLocale(),
    account,
    settings,
    reminders,
    records,
    inbox,
    calendar,
    catchUp,
    calendarShell: {
      copyText: (text) => clipboard.writeText(text),
      // "Export .ics": the save dialog, then the same atomic write as every file Onair saves (a
      // cancelled or failed export leaves whatever was at that path untouched).
      saveFile: async (name, text) => {
        const choice = await dialog.showSaveDialog({
          defaultPath: name,
          filters: [{ name: 'iCalendar', extensions: ['ics'] }]
        })
        if (choice.canceled || !choice.filePath) return null
        // Readable by the calendar app the user will open it with, as any exported document.
        writeAtomic(choice.filePath, text, 0o644)
        return choice.filePath
      }
    },
    // Settings → About → Copy diagnostics: `onair doctor`'s report with what only the app knows.
    diagnostics: {
      text: () =>
        diagnostics({
          dataDir,
          now: clock.now(),
          versions: {
            onair: app.getVersion(),
            electron: process.versions.electron ?? '',
            chrome: process.versions.chrome ?? '',
            node: process.versions.node
          },
          systemLocale: app.getLocale(),
          locale: language(),
          logFile: log.path,
          secrets,
          onCorrupt: corrupt.report
        }),
      copy: (text) => clipboard.writeText(text)
    },
    shortcuts,
    updates,
    window: {
      hide: window.hide,
      openLog: () => showLogFile(log),
      confirmAddressChange: (changes) => window.confirmAddressChange(changes, language())
    }
  })
  // The window: a hardened session, the menu, hidden when the OS started the app at login and the
  // settings say so, its IPC, the routes attached to it and the `onair://` links it follows.
  hardenSession(session.defaultSession)
  serveRenderer(dirname(rendererHtmlFile(app.getAppPath())))
  // Electron's default menu carries Reload, Toggle Developer Tools and Help links to Electron's own
  // site. Packaged, macOS keeps the menus its shortcuts need (the app menu with Hide and Quit, Edit
  // for copy and paste, Window); Windows and Linux, whose window hides its menu bar, get none.
  if (app.isPackaged) {
    const mac = [{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }] as const
    Menu.setApplicationMenu(process.platform === 'darwin' ? Menu.buildFromTemplate([...mac]) : null)
  }
  const hidden = launchedAtLogin(argv) && settings.read().startup.hiddenAtLogin
  /** The window with its IPC and the routes to it; made again if an update's quit closed it and failed. */
  const openWindow = (showOnReady: boolean) => {
    const made = createMainWindow(showOnReady, log, clock)
    const unbind = bindIpc(core, made.window)
    window.attach({
      window: made,
      events: core.events,
      openExternal: core.openExternal
    })
    return { main: made, unbindIpc: unbind }
  }
  let { main, unbindIpc } = openWindow(!hidden)
  // What each `onair://` request does (core/links.ts decides): a refused link says so in a
  // notification and opens nothing.
  links.attach((request) => {
    if (request.kind === 'none') return window.show()
    if (request.kind === 'refused') {
      log.write('warn', 'an onair:// link was refused')
      return notifier.show({ id: 'link-refused', title: 'Onair', body: request.message[language()] })
    }
    const action = linkAction(request.link, {
      programs: reminders.schedule().programs,
      now: clock.now(),
      durationMinutes: settings.read().calendar.durationMinutes,
      mediaUrl: account.services().mediaUrl
    })
    if (action.kind === 'program') return window.openProgram(action.programId)
    if (action.kind === 'web') return void core.openExternal(action.url).catch((e) => log.write('warn', 'link', e))
    window.navigate('schedule')
    window.notice('info', action.message)
  })
  shortcuts.start(settings.read().shortcuts)
  settings.onChange((changed) => shortcuts.follow(changed.shortcuts))
  const tray = openAppTray({
    clock,
    log,
    window,
    services,
    account,
    language,
    updates,
    taskbarWindow: main.window,
    quit: () => app.quit()
  })
  const stopWatching = watchPowerAndNetwork(services, clock)
  // Another folder put at the data folder's name (or this one moved or opened to others): said,
  // and the app ends at once (app.exit: no before-quit), writing nothing into the folder now there.
  const stopFolderWatch = watchDataDir(dataDir, clock, (why) => {
    log.write('error', why.en)
    dialog.showErrorBox('Onair', why[language()])
    app.exit(1)
  })
  void services.start().then(tray.update, (e: unknown) => log.write('error', 'the services did not start', e))
  updates.start()

  app.on('activate', () => main.show())
  // An update's quit closes the windows before `before-quit` (app.md): the window must let it.
  autoUpdater.on('before-quit-for-update', () => main.allowClose())
  // macOS: when Squirrel then fails to relaunch (its error, auto_updater_mac.mm QuitAndInstall),
  // Onair goes on running with its window closed: it gets a new one.
  autoUpdater.on('error', () => {
    if (quitting !== 'no' || !main.window.isDestroyed()) return
    unbindIpc()
    ;({ main, unbindIpc } = openWindow(true))
  })
  // Electron waits for no promise of a listener and ends Node after `quit`: the quit is held until
  // the services have written and let go of the folder (a request in flight may take its whole
  // timeout: not longer than QUIT_PATIENCE_MS), then asked for again. Meanwhile a new start is a
  // new Onair: Electron would keep the single-instance lock until `quit` and send it here.
  let quitting: 'no' | 'stopping' | 'stopped' = 'no'
  app.on('before-quit', (event) => {
    if (quitting === 'stopped') return
    event.preventDefault()
    if (quitting === 'stopping') return
    quitting = 'stopping'
    app.releaseSingleInstanceLock()
    main.allowClose()
    stopWatching()
    stopFolderWatch()
    updates.stop()
    unbindIpc()
    tray.destroy()
    const stopped = services.stop().catch((e: unknown) => log.write('error', 'stopping the services failed', e))
    void within(clock, QUIT_PATIENCE_MS, stopped, () =>
      log.write('warn', `the services did not stop within ${QUIT_PATIENCE_MS / 1000} s; quitting anyway`)
    ).finally(() => {
      quitting = 'stopped'
      app.quit()
    })
  })
}
