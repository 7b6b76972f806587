/**
 * Where the shell finds its own files and the user's data folder. Its files are named by
 * app-files.ts from `app.getAppPath()` (the project folder unpackaged, `app.asar` packaged), so
 * the same code finds the bundles, the renderer and the resources in both, and a test can point it
 * anywhere.
 */
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { app } from 'electron'
import { dataDirFor } from '../core/store/data-dir'
import { appIconFile, preloadFile, rendererHtmlFile } from './app-files'

/** Also the Windows AppUserModelId of a packaged build (electron-builder.yml `appId`). */
export const APP_ID = 'app.onair.desktop'

export const preloadPath = (): string => preloadFile(app.getAppPath())
export const rendererHtmlPath = (): string => rendererHtmlFile(app.getAppPath())
export const appIconPath = (): string => appIconFile(app.getAppPath())

/**
 * `electron-vite dev` serves the renderer and says where in this variable. A packaged build never
 * obeys it: the origin it names would be trusted for IPC.
 */
export function devServerUrl(): string | undefined {
  if (app.isPackaged) return undefined
  return process.env['ELECTRON_RENDERER_URL'] || undefined
}

/**
 * The data folder (core/store/data-dir.ts decides which), set before anything reads it.
 * `app.setPath` throws on a relative path and Electron does not create the folder, so a folder
 * named in `ONAIR_DATA_DIR` is resolved against the working directory and created first.
 */
export function chooseDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const named = env['ONAIR_DATA_DIR']?.trim()
  const dir = resolve(dataDirFor(named, app.getPath('appData')))
  if (named) mkdirSync(dir, { recursive: true })
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
