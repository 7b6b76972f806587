import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * Where the data folder is, decided here for the app and the command line alike, so both read and
 * write the same files: the folder the user named (`--data-dir`, `ONAIR_DATA_DIR`), else `onair`
 * in the OS's per-user app-data folder. The app passes Electron's `app.getPath('appData')` as
 * `appData`; the command line, which has no Electron, passes `appDataDir()`. Electron's own default
 * would be named after productName ("Onair"), on Linux another folder than the command line's.
 */
export function dataDirFor(named: string | undefined, appData: string): string {
  return named?.trim() || join(appData, 'onair')
}

type Env = Record<string, string | undefined>

/** The OS's per-user app-data folder, as Electron's `app.getPath('appData')` names it. */
export function appDataDir(env: Env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (platform === 'win32') return env.APPDATA || join(home, 'AppData', 'Roaming')
  if (platform === 'darwin') return join(home, 'Library', 'Application Support')
  return env.XDG_CONFIG_HOME || join(home, '.config')
}
