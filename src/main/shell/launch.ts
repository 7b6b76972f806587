/**
 * What must happen before Electron is ready, in this order: the data folder (it decides where the
 * single-instance lock and the log live), the log and its catch-alls, the single-instance lock,
 * the `onair://` links' listeners, the Windows toast identity, the hardening of every web contents
 * and the renderer's `app://` scheme. Then `startApp`.
 */
import { app, dialog } from 'electron'
import { systemClock, type Clock } from '../core/clock'
import { openAppLog } from './log'
import { appUserModelId, chooseDataDir } from './paths'
import { hardenAllWebContents, openWebUrl } from './security'
import { forgetSecretEnv } from '../core/secret-env'
import { listenForLinks } from './links'
import { registerRendererScheme } from './renderer-protocol'
import { startApp, type StartOptions } from './start'

export interface LaunchOptions {
  clock?: Clock
  argv?: readonly string[]
  env?: NodeJS.ProcessEnv
  cron?: StartOptions['cron']
}

/** Resolves once started (or once it is clear this process will not start). */
export async function launch({
  clock = systemClock,
  argv = process.argv,
  env = process.env,
  cron
}: LaunchOptions = {}): Promise<void> {
  try {
    chooseDataDir(env)
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e)
    console.error('[onair] the data folder cannot be used:', why)
    // Safe before `ready` (docs/api/dialog.md, showErrorBox); on Linux then stderr only.
    dialog.showErrorBox('Onair', why)
    return app.exit(1)
  }
  const log = openAppLog(clock)
  process.on('uncaughtException', (e) => log.write('error', 'uncaught exception', e))
  process.on('unhandledRejection', (reason) => log.write('error', 'unhandled promise rejection', reason))

  if (!app.requestSingleInstanceLock()) {
    // Another Onair is running; it gets a `second-instance` event and shows itself.
    return app.quit()
  }
  // Before `ready`: macOS hands over the link that started the app as soon as it can.
  const links = listenForLinks(argv)
  // Windows shows toasts only for a known AppUserModelId.
  if (process.platform === 'win32') app.setAppUserModelId(appUserModelId())
  // A tray app keeps running with no window open.
  app.on('window-all-closed', () => {})
  hardenAllWebContents(openWebUrl)
  // The renderer's own origin (app://onair/) must be known to Chromium before ready.
  registerRendererScheme()
  const demoToken = env['ONAIR_DEMO_TOKEN'] || undefined
  // Read once; no process the app starts (the browser opener, Chromium's helpers) inherits it.
  forgetSecretEnv(env)
  try {
    await startApp({ clock, log, argv, env, links, demoToken, ...(cron ? { cron } : {}) })
  } catch (e) {
    log.write('error', 'Onair failed to start', e)
    app.exit(1)
  }
}
