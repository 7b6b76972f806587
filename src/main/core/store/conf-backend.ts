import { basename, dirname } from 'node:path'
import Conf, { type Options } from 'conf'
import { ABSENT, documentText, parseDocument, type DocumentBackend } from './document-backend'

/**
 * conf keeps a key-value object; a document is held under one key so that any JSON value (an
 * array, a string) is stored as itself and the file holds exactly the document, as it always has.
 * What conf reads is the text, parsed only when Onair asks: conf also reads the file when it is
 * made and before every write (for its migration bookkeeping, which Onair does not use), and
 * parsing a large schedule three times per change cost the command line ~6 MB of peak memory.
 */
export interface ConfShape {
  [key: string]: unknown
  document?: unknown
}

class DocumentOnDisk {
  constructor(private readonly text: string) {}
  /** Throws UnreadableDocumentError for text that is not JSON. */
  value(): unknown {
    return parseDocument(this.text)
  }
}

/** How a backend makes one conf store: `new Conf`, or electron-store, which extends it. */
export type ConfFactory = (options: Options<ConfShape>) => Conf<ConfShape>

const newConf: ConfFactory = (options) => new Conf(options)

/**
 * Documents kept through conf (the command line and core services under Node; electron-store in
 * the app passes its own factory). Options, each from conf's source (16.0.0):
 * - `serialize`/`deserialize`: the file holds the document in Onair's format (document-backend.ts),
 *   so data folders written before conf load unchanged; text that is not JSON throws when read.
 * - `clearInvalidConfig: false`: conf would otherwise write an empty store over a file it cannot
 *   read; json-file.ts moves the file aside and reports it instead.
 * - `cache: false`: another process may have written; json-file.ts keeps its own cache, checked
 *   against the file's identity on every read.
 * - `cwd` + `configName` with no `fileExtension`: the file's own folder and whole name.
 * - `configFileMode`: applied on every write, as the store always has (0o600 for personal files).
 * - no `schema`/`defaults`/`migrations`/`watch`: zod, the defaults and the migrations are
 *   json-file.ts's (one set of rules for both backends) and watch.ts watches the folder.
 * The write is conf's, through Onair's writer (conf-writer.ts: an exclusive temporary file, fsync,
 * rename; never through a link).
 */
export function confBackend(create: ConfFactory = newConf): DocumentBackend {
  return {
    open(path, mode) {
      const options: Options<ConfShape> = {
        cwd: dirname(path),
        configName: basename(path),
        fileExtension: '',
        serialize: (store) => documentText(store.document),
        deserialize: (text) => ({ document: new DocumentOnDisk(text) }),
        clearInvalidConfig: false,
        cache: false,
        configFileMode: mode,
        accessPropertiesByDotNotation: false
      }
      // Made at the first use: conf reads the file when it is made, and that file may be corrupt.
      let conf: Conf<ConfShape> | undefined
      const store = (): Conf<ConfShape> => (conf ??= named(path, () => create(options)))
      return {
        read() {
          const held = named(path, () => store().store)
          return held.document instanceof DocumentOnDisk ? held.document.value() : ABSENT
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
