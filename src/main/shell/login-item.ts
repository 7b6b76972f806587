/**
 * Launch at login and the Dock, as the Startup settings say: macOS and Windows through Electron's
 * login-item API, Linux through an XDG autostart entry (core/autostart.ts). Only an installed
 * build registers itself: a login item pointing at a development Electron would start the wrong
 * thing at every login.
 */
import { lstatSync, readFileSync, rmSync } from 'node:fs'
import { homedir } from 'node:os'
import { app } from 'electron'
import type { Settings } from '../../shared/settings'
import type { AppServices } from '../core/services'
import { HIDDEN_FLAG, autostartEntry, autostartPath } from '../core/autostart'
import { writeAtomic } from '../core/store/atomic-write'
import type { AppLog } from './log'

type Startup = Settings['startup']

/** Whether this start is the OS starting the app at login. */
export function launchedAtLogin(argv: readonly string[]): boolean {
  if (argv.includes(HIDDEN_FLAG)) return true
  return process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin
}

/**
 * Startup settings act on the OS (login item, Dock) now and whenever they change: a write in the
 * window, or `onair config set` from another process (the settings watch finds both).
 */
export function followStartup(
  settings: Pick<AppServices['settings'], 'read' | 'onChange'>,
  log: AppLog,
  env: NodeJS.ProcessEnv
): void {
  let applied = settings.read().startup
  applyStartup(applied, log, env)
  settings.onChange(({ startup }) => {
    if (JSON.stringify(startup) === JSON.stringify(applied)) return
    applied = startup
    applyStartup(startup, log, env)
  })
}

function applyStartup(startup: Startup, log: AppLog, env: NodeJS.ProcessEnv): void {
  if (process.platform === 'darwin') {
    if (startup.showInDock) void app.dock?.show()
    else app.dock?.hide()
  }
  if (!app.isPackaged) {
    if (startup.openAtLogin) log.write('info', 'launch at login is only registered by an installed build')
    return
  }
  if (process.platform === 'linux') return linuxAutostart(startup.openAtLogin, env, log)
  // Windows passes the flag on the command line; macOS reports `wasOpenedAtLogin` instead.
  app.setLoginItemSettings({
    openAtLogin: startup.openAtLogin,
    ...(process.platform === 'win32' ? { args: [HIDDEN_FLAG] } : {})
  })
}

function linuxAutostart(on: boolean, env: NodeJS.ProcessEnv, log: AppLog): void {
  const file = autostartPath(env, homedir())
  try {
    // The entry as it is says whether the user switched it off in the desktop's startup settings.
    const before = readIfFile(file)
    if (!on) return rmSync(file, { force: true })
    // An AppImage runs from a temporary mount: the login must start the image itself, and an
    // updated AppImage (a new name) rewrites it at its first start.
    const command = env['APPIMAGE'] || process.execPath
    const enabled = !/^X-GNOME-Autostart-enabled=false$/m.test(before)
    // Like every file Onair writes: atomically, never through a link (a link is refused and logged).
    writeAtomic(file, autostartEntry([command], enabled), 0o644)
  } catch (e) {
    log.write('error', `the autostart entry ${file} could not be changed`, e)
  }
}

/** A regular file's text; '' for none or a link (never read through). */
function readIfFile(path: string): string {
  try {
    return lstatSync(path).isFile() ? readFileSync(path, 'utf8') : ''
  } catch {
    return ''
  }
}
