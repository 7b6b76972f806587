/**
 * electron-updater behind the core's `UpdateDriver`, and what the shell can see of how this copy
 * was installed. The feed is the one electron-builder wrote into `resources/app-update.yml` from
 * the build's `publish` setting (README "Updates"); a build without it never asks anything.
 * The core decides when to check and what to offer (core/update/).
 */
import { readFileSync } from 'node:fs'
import { app, net } from 'electron'
import {
  AppImageUpdater,
  DebUpdater,
  MacUpdater,
  NsisUpdater,
  type AppUpdater,
  type UpdateInfo
} from 'electron-updater'
import { load } from 'js-yaml'
import { serviceAddressProblem } from '../../shared/service-address'
import type { Clock } from '../core/clock'
import { updateMode, type Installation, type UpdateMode } from '../core/update/policy'
import { createUpdateService, type UpdateDriver, type UpdateService } from '../core/update/service'
import { packageTypeFile, updateFeedFile } from './app-files'
import type { AppLog } from './log'
import { withoutWarning } from './quiet-warning'

/** Packaged builds only: under Node (tests) and in a development run there is no resources folder. */
function readResource(file: (resourcesPath: string) => string): string | undefined {
  try {
    return process.resourcesPath ? readFileSync(file(process.resourcesPath), 'utf8').trim() : undefined
  } catch {
    return undefined
  }
}

function installation(env: NodeJS.ProcessEnv): Installation {
  return {
    packaged: app.isPackaged,
    feedUrl: feedUrl(),
    platform: process.platform,
    // electron-builder's deb, rpm and pacman targets leave this file; AppImage and dir do not.
    packageType: readResource(packageTypeFile),
    appImage: env['APPIMAGE'] || undefined,
    execPath: process.execPath,
    programFolders: [env['ProgramFiles'], env['ProgramW6432'], env['ProgramFiles(x86)']].filter((f) => f !== undefined)
  }
}

/** The feed's folder, from app-update.yml (`url:` of the generic provider); none without the file. */
function feedUrl(): string | undefined {
  const config = load(readResource(updateFeedFile) ?? '') as { url?: unknown } | undefined
  return typeof config?.url === 'string' ? config.url : undefined
}

/** Where a manual copy's user gets the new version: the feed's file of this kind of install (the .deb for a deb, ...). */
function downloadUrl(info: UpdateInfo, installed: Installation): string {
  const kind =
    process.platform === 'win32' ? 'exe' : process.platform === 'darwin' ? 'dmg' : (installed.packageType ?? 'AppImage')
  const file = info.files.find((f) => f.url.endsWith(`.${kind}`)) ?? info.files[0]
  const base = (installed.feedUrl ?? '').replace(/\/*$/, '/')
  return file ? new URL(file.url, base).href : base
}

function electronUpdateDriver(mode: UpdateMode, installed: Installation, log: AppLog): UpdateDriver {
  let updater: AppUpdater | null = null
  const create = (): AppUpdater => {
    const platform = process.platform
    // The platform's own updater; on Linux only an AppImage replaces itself, and a manual copy
    // (deb, folder) uses the deb updater only to read the feed: nothing is ever downloaded for it.
    const u =
      platform === 'win32'
        ? new NsisUpdater()
        : platform === 'darwin'
          ? new MacUpdater()
          : mode.kind === 'auto'
            ? new AppImageUpdater()
            : new DebUpdater()
    if (u instanceof NsisUpdater) {
      // electron-updater checks a downloaded installer's signature with
      // execFile('set "PSModulePath=" & chcp 65001 >NUL & powershell.exe', args, { shell: true })
      // (windowsExecutableCodeSignatureVerifier.js, 6.8.10, its latest release): the shell is the
      // point there (it clears PowerShell's module path and switches the console to UTF-8 first),
      // and the arguments are its own, the file path quoted for PowerShell. Node 24 warns about any
      // spawn with `shell` and arguments (DEP0190), which would only tell the user's log what the
      // library does on purpose.
      const verify = u.verifyUpdateCodeSignature
      u.verifyUpdateCodeSignature = (publishers, file) => withoutWarning('DEP0190', () => verify(publishers, file))
    }
    // The core decides whether and when to download.
    u.autoDownload = false
    u.logger = {
      info: (message?: unknown) => log.write('info', `updater: ${String(message)}`),
      warn: (message?: unknown) => log.write('warn', `updater: ${String(message)}`),
      error: (message?: unknown) => log.write('error', `updater: ${String(message)}`)
    }
    return u
  }
  const current = (): AppUpdater => (updater ??= create())
  return {
    async check() {
      const result = await current().checkForUpdates()
      if (!result) throw new Error('electron-updater is not active in this copy')
      const info = result.updateInfo
      const url = downloadUrl(info, installed)
      // A manual copy's user installs by hand what the link gives: only over https (http only to
      // this computer, the rule for every address Onair uses), else the check fails and says why.
      if (mode.kind === 'manual' && serviceAddressProblem(url))
        throw new Error(`the feed's download link is not an https address: ${url}`)
      return { version: info.version, newer: result.isUpdateAvailable, url }
    },
    async download() {
      await current().downloadUpdate()
    },
    restart: () => {
      const u = current()
      // AppImageUpdater.js starts the new AppImage before this one quits (BaseUpdater.js): holding
      // the single-instance lock till then would make the new one quit at once (launch.ts).
      const replacing = mode.kind === 'auto' && process.platform === 'linux'
      if (replacing) app.releaseSingleInstanceLock()
      let failed = false
      const onError = () => (failed = true)
      u.on('error', onError)
      u.quitAndInstall()
      u.off('error', onError)
      // Nothing was started (electron-updater said why): this one goes on, still the only one.
      if (replacing && failed) app.requestSingleInstanceLock()
    },
    abandon: () => {
      updater = null
    }
  }
}

/** The update service for this copy, started by the caller once the tray exists. */
export function createAppUpdates(o: {
  clock: Clock
  log: AppLog
  env: NodeJS.ProcessEnv
  timeZone: () => string | undefined
  openExternal: (url: string) => Promise<void>
}): UpdateService {
  const installed = installation(o.env)
  const mode = updateMode(installed)
  return createUpdateService({
    clock: o.clock,
    mode,
    version: app.getVersion(),
    online: () => net.isOnline(),
    driver: electronUpdateDriver(mode, installed, o.log),
    openExternal: o.openExternal,
    timeZone: o.timeZone,
    onError: (message, e) => o.log.write('warn', message, e)
  })
}
