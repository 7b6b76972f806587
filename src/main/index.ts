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
import { settingsFileStore } from './core/store/settings'
import { bindIpc } from './shell/ipc'
import { electronSecrets } from './shell/secrets'
import { hardenAllWebContents, hardenSession } from './shell/security'
import { createTray } from './shell/tray'
import { createMainWindow, showWindow } from './shell/window'

const APP_ID = 'app.onair.desktop'

async function start(): Promise<void> {
  await app.whenReady()
  const dataDir = app.getPath('userData')
  const settings = settingsFileStore(dataDir)
  // The language the user chose in Onair, else the system's: used for the browser's callback page.
  const language = (): 'en' | 'ja' => {
    const chosen = settings.read().ui.locale
    const tag = chosen === 'system' ? app.getLocale() : chosen
    return tag.toLowerCase().startsWith('ja') ? 'ja' : 'en'
  }
  const account = createAccount({
    settings,
    secrets: electronSecrets(dataDir),
    sessionStore: sessionFileStore(dataDir),
    clock: systemClock,
    openBrowser: (url) => shell.openExternal(url),
    locale: language,
    wipePersonalData: personalDataWiper(dataDir)
  })
  const core = createCore({
    clock: systemClock,
    dataDir,
    openExternal: (url) => shell.openExternal(url),
    appName: 'Onair',
    version: app.getVersion(),
    platform: process.platform,
    locale: () => app.getLocale(),
    account,
    settings
  })
  hardenSession(session.defaultSession)
  const { window, allowClose } = createMainWindow()
  bindIpc(core, window)
  const open = (): void => showWindow(window)
  const tray = createTray({ open, quit: () => app.quit() })

  app.on('second-instance', open)
  app.on('activate', open)
  app.on('before-quit', () => {
    allowClose()
    tray.destroy()
  })
}

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
