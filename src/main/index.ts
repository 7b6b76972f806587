/**
 * Electron entry: wires the plain-TypeScript core to the shell (tray, window, IPC, hardening).
 * Onair lives in the tray, so closing the window hides it and only "Quit" ends the app.
 */
import { app, session, shell } from 'electron'
import { createAccount } from './core/account'
import { personalDataWiper } from './core/account/personal-data'
import { createCore } from './core/app'
import { sessionFileStore } from './core/auth/session-store'
import { systemClock } from './core/clock'
import { describeCorruptFile, type CorruptFileReport } from './core/store/json-file'
import { settingsFileStore } from './core/store/settings'
import { bindIpc } from './shell/ipc'
import { electronSecrets } from './shell/secrets'
import { hardenAllWebContents, hardenSession } from './shell/security'
import { watchPowerAndNetwork } from './shell/power'
import { electronNotifier, type NotificationTarget } from './shell/notifications'
import { openAppServices } from './core/services'
import { createTray } from './shell/tray'
import { createMainWindow, showWindow } from './shell/window'

const APP_ID = 'app.onair.desktop'

async function start(): Promise<void> {
  await app.whenReady()
  const dataDir = app.getPath('userData')
  // Set once the window exists; a notification clicked before that has nothing to show.
  let onNotificationClick: (target: NotificationTarget) => void = () => {}
  const notifier = electronNotifier((target) => onNotificationClick(target))
  // A saved file that no longer reads is kept aside and the user told; the system language is
  // used because the settings file may be the one that failed.
  const onCorrupt = (r: CorruptFileReport): void => {
    const text = describeCorruptFile(r)
    console.warn('[onair]', text.en)
    notifier.show({
      id: `corrupt:${r.path}`,
      title: 'Onair',
      body: app.getLocale().startsWith('ja') ? text.ja : text.en
    })
  }
  const settingsFile = settingsFileStore(dataDir, onCorrupt)
  // The language the user chose in Onair, else the system's: used for the browser's callback page.
  const language = (): 'en' | 'ja' => {
    const chosen = settingsFile.read().ui.locale
    const tag = chosen === 'system' ? app.getLocale() : chosen
    return tag.toLowerCase().startsWith('ja') ? 'ja' : 'en'
  }
  const account = createAccount({
    settings: settingsFile,
    secrets: electronSecrets(dataDir, onCorrupt),
    sessionStore: sessionFileStore(dataDir, onCorrupt),
    clock: systemClock,
    openBrowser: (url) => shell.openExternal(url),
    locale: language,
    wipePersonalData: personalDataWiper(dataDir)
  })
  const services = openAppServices({
    dataDir,
    clock: systemClock,
    account,
    settings: settingsFile,
    notifier,
    locale: language,
    onError: (e) => console.error('[onair]', e instanceof Error ? e.message : e),
    onCorrupt
  })
  const { reminders, settings, records, inbox } = services
  // `npm run demo`: the app signs itself in with the emulator's token (the paste-token path).
  const demoToken = process.env['ONAIR_DEMO_TOKEN']
  if (demoToken && !account.session()?.info()) await account.signInWithToken(demoToken)
  const core = createCore({
    clock: systemClock,
    dataDir,
    openExternal: (url) => shell.openExternal(url),
    appName: 'Onair',
    version: app.getVersion(),
    platform: process.platform,
    locale: () => app.getLocale(),
    account,
    settings,
    reminders,
    records,
    inbox
  })
  hardenSession(session.defaultSession)
  const { window, allowClose } = createMainWindow()
  bindIpc(core, window)
  const open = (): void => showWindow(window)
  const navigate = (view: 'settings' | 'inbox'): void => {
    open()
    core.events.emit('app:navigate', { view })
  }
  const openProgram = (programId: number | null): void => {
    open()
    if (programId !== null) core.events.emit('app:focusProgram', { programId })
  }
  onNotificationClick = (target) => {
    if (target.kind === 'record') return openProgram(target.programId)
    if (target.kind === 'url') return void core.openExternal(target.url)
    if (target.kind === 'inbox') return navigate('inbox')
    open()
  }
  // A rejected token: one notification (the monitor fires once), the tray shows "sign in".
  account.onChange((change) => {
    if (change.reason)
      notifier.show({ id: 'signed-out', title: 'Onair', body: change.reason[language()], target: { kind: 'schedule' } })
  })
  const tray = createTray({
    open,
    quit: () => app.quit(),
    refresh: () => void reminders.refresh(),
    openSettings: () => navigate('settings'),
    openInbox: () => navigate('inbox'),
    openProgram,
    locale: language,
    timeZone: () => settings.read().reminders.timeZone
  })
  const updateTray = (): void => tray.setSchedule(reminders.tray())
  reminders.onChange(updateTray)
  account.onChange(updateTray)
  inbox.onChange((unseen) => tray.setInboxCount(unseen))
  // Countdowns in the menu and the tooltip move on even when nothing else happens.
  const minute = setInterval(updateTray, 30_000)
  const stopWatching = watchPowerAndNetwork(services)
  void services.start().then(updateTray)

  app.on('second-instance', open)
  app.on('activate', open)
  app.on('before-quit', () => {
    allowClose()
    clearInterval(minute)
    stopWatching()
    void services.stop()
    tray.destroy()
  })
}

// Same variable as the command line's: the demo (and anyone) can run the app on another folder.
const dataDirOverride = process.env['ONAIR_DATA_DIR']
if (dataDirOverride) app.setPath('userData', dataDirOverride)

if (!app.requestSingleInstanceLock()) {
  // Another Onair is running; it gets a `second-instance` event and shows itself.
  app.quit()
} else {
  // Toast notifications on Windows are attributed (and allowed) by this id.
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID)
  // A tray app keeps running with no window open.
  app.on('window-all-closed', () => {})
  hardenAllWebContents((url) => shell.openExternal(url))
  start().catch((err: unknown) => {
    console.error('[onair] failed to start', err)
    app.exit(1)
  })
}
