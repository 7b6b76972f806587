import { ipcMain } from 'electron'
import ElectronStore from 'electron-store'
import { confBackend } from '../core/store/conf-backend'
import type { DocumentBackend } from '../core/store/document-backend'

/**
 * The app keeps its documents in electron-store: conf with Electron's app data (it asks
 * `app.getPath('userData')` and `app.getVersion()` when made). Each document is given its folder
 * as an absolute `cwd` and its whole file name as `name`, so the files are the same ones the
 * command line reads and writes through conf.
 *
 * electron-store also answers `electron-store-get-data` on ipcMain, for stores made in a renderer.
 * Onair's renderer has no stores and reaches only the contract's channels, so that listener is
 * removed: no message reaches the main process that the contract does not validate.
 */
export const ELECTRON_STORE_CHANNEL = 'electron-store-get-data'

export function electronStoreBackend(): DocumentBackend {
  return confBackend(({ configName, ...options }) => {
    const store = new ElectronStore({ ...options, name: configName })
    ipcMain.removeAllListeners(ELECTRON_STORE_CHANNEL)
    return store
  })
}
