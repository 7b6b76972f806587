/**
 * Where the shell finds the user's data folder and its renderer. Its own files are named by
 * app-files.ts from `app.getAppPath()` (the project folder unpackaged, `app.asar` packaged), so
 * the same code finds the bundles, the renderer and the resources in both.
 */
import { resolve } from 'node:path'
import { app } from 'electron'
import { dataDirFor, dataDirProblem, makeDataDir } from '../core/store/data-dir'

/** Also the Windows AppUserModelId of a packaged build (electron-builder.yml `appId`). */
export const APP_ID = 'app.onair.desktop'

/**
 * `electron-vite dev` serves the renderer and says where in this variable. A packaged build never
 * obeys it: the origin it names would be trusted for IPC.
 */
export function devServerUrl(): string | undefined {
  if (app.isPackaged) return undefined
  return process.env['ELECTRON_RENDERER_URL'] || undefined
}

/**
 * The data folder (core/store/data-dir.ts decides which and when it may be used), set before
 * anything reads it. `app.setPath` throws on a relative path and Electron does not create the
 * folder, so a folder named in `ONAIR_DATA_DIR` is resolved against the working directory and
 * created first. Throws, in English then Japanese, when the folder may not be used.
 */
export function chooseDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = resolve(dataDirFor(env['ONAIR_DATA_DIR'], app.getPath('appData')))
  const why = dataDirProblem(dir)
  if (why) throw new Error(`${why.en}\n${why.ja}`)
  makeDataDir(dir)
  app.setPath('userData', dir)
  return dir
}

/**
 * Windows attributes (and only then shows) toasts by AppUserModelId. The installer registers the
 * appId with a Start-menu shortcut; an unpackaged run (`npm run demo`, dev) has none, and Windows
 * accepts the executable's path there instead.
 */
export function appUserModelId(): string {
  return app.isPackaged ? APP_ID : process.execPath
}
