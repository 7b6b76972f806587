import { basename, dirname } from 'node:path'
import { ipcMain } from 'electron'
import ElectronStore from 'electron-store'
import { ABSENT, documentText, parseDocument, type DocumentBackend } from '../core/store/document-backend'

/**
 * The app keeps its documents in electron-store: conf with Electron's app data (it asks
 * `app.getPath('userData')` and `app.getVersion()` when made). Each document is given its folder
 * as an absolute `cwd` and its whole file name as `name`, so the files are the same ones the
 * command line reads and writes.
 *
 * A document is held under one key, so that any JSON value is stored as itself and the file holds
 * exactly the document. conf reads the text when the store is made and before every write; it is
 * parsed only when Onair asks. Options, each from conf's source (16.0.0):
 * - `serialize`/`deserialize`: the file holds the document in Onair's format (document-backend.ts).
 * - `clearInvalidConfig: false`: conf would otherwise write an empty store over a file it cannot
 *   read; json-file.ts moves the file aside and reports it instead.
 * - `cache: false`: another process may have written; json-file.ts keeps its own cache.
 * - `configFileMode`: applied on every write (0o600 for personal files).
 * - no `schema`/`defaults`/`migrations`/`watch`: those are json-file.ts's, the same under Node.
 * conf writes through Onair's writer (shell/conf-writer.ts: never through a link).
 *
 * electron-store also answers `electron-store-get-data` on ipcMain, for stores made in a renderer.
 * Onair's renderer has no stores and reaches only the contract's channels, so that listener is
 * removed: no message reaches the main process that the contract does not validate.
 */
export const ELECTRON_STORE_CHANNEL = 'electron-store-get-data'

class DocumentOnDisk {
  constructor(readonly text: string) {}
}

type Held = { document?: unknown }

export function electronStoreBackend(): DocumentBackend {
  return {
    open(path, mode) {
      // Made at the first use: conf reads the file when it is made, and that file may be corrupt.
      let made: ElectronStore<Held> | undefined
      const store = (): ElectronStore<Held> => {
        if (made) return made
        made = named(
          path,
          () =>
            new ElectronStore<Held>({
              cwd: dirname(path),
              name: basename(path),
              fileExtension: '',
              serialize: (held) => documentText(held.document),
              deserialize: (text) => ({ document: new DocumentOnDisk(text) }),
              clearInvalidConfig: false,
              cache: false,
              configFileMode: mode,
              accessPropertiesByDotNotation: false
            })
        )
        ipcMain.removeAllListeners(ELECTRON_STORE_CHANNEL)
        return made
      }
      return {
        read() {
          const held = named(path, () => store().store)
          return held.document instanceof DocumentOnDisk ? parseDocument(held.document.text) : ABSENT
        },
        write(value) {
          named(path, () => (store().store = { document: value }))
        }
      }
    }
  }
}

/**
 * A file-system error names the file (file-errors.ts tells the user which one): conf reads with
 * `readFileSync`, whose error for a folder in the file's place (EISDIR) names none.
 */
function named<R>(path: string, fn: () => R): R {
  try {
    return fn()
  } catch (e) {
    const error = e as NodeJS.ErrnoException
    if (typeof error?.code === 'string' && error.path === undefined) error.path = path
    throw e
  }
}
