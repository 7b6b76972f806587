import { readFileSync } from 'node:fs'
import { writeAtomic } from './atomic-write'

/**
 * Where settings.json's text is kept: a plain file under Node (`fileBackend`, below), electron-store
 * in the app (shell/electron-store.ts, built on conf: the same file, the same format). A backend
 * only reads and writes the whole file; everything the store promises beyond that (the change under
 * the folder's write lock, moving a corrupt file aside, the schema and its defaults) is
 * settings.ts's, so it holds whichever backend keeps the text.
 */
export interface DocumentBackend {
  /** The file at `path`; `mode` is given to the file on every write (0o600 for anything personal). */
  open(path: string, mode: number): DocumentFile
}

export interface DocumentFile {
  /**
   * The JSON value the file holds, or ABSENT when there is no file. Text that is not JSON throws
   * UnreadableDocumentError (never an empty document: the caller moves the file aside and says so);
   * any other failure (a file it may not read) throws as it is.
   */
  read(): unknown
  /** Replaces the file atomically: a reader sees the old text or the new, never part of either. */
  write(value: unknown): void
}

/** The file read whole, written by Onair's atomic writer (atomic-write.ts). */
export const fileBackend: DocumentBackend = {
  open: (path, mode) => ({
    read() {
      let text: string
      try {
        text = readFileSync(path, 'utf8')
      } catch (e) {
        // Gone since settings.ts saw it: no file.
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return ABSENT
        throw e
      }
      return parseDocument(text)
    },
    write: (value) => writeAtomic(path, documentText(value), mode)
  })
}

let appBackend: DocumentBackend | undefined

/**
 * The app keeps its settings in electron-store (shell/start.ts sets it before it opens them);
 * everything else, the command line and the tests, in the plain file.
 */
export function keepAppSettingsIn(backend: DocumentBackend | undefined): void {
  appBackend = backend
}

export const processBackend = (): DocumentBackend => appBackend ?? fileBackend

export const ABSENT: unique symbol = Symbol('no file')

/** The file's text is not JSON. */
export class UnreadableDocumentError extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'UnreadableDocumentError'
  }
}

/** The on-disk format every version of Onair has written: one-space JSON and a final newline. */
export const documentText = (value: unknown): string => `${JSON.stringify(value, null, 1)}\n`

/**
 * The value of a document's text. A byte order mark (what some editors save) is skipped. The reason
 * names where the text stops being JSON but never quotes it: the file may hold a token.
 */
export function parseDocument(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown
  } catch (e) {
    const at = /position \d+/.exec(e instanceof Error ? e.message : '')?.[0]
    throw new UnreadableDocumentError(at ? `not valid JSON (at ${at})` : 'not valid JSON')
  }
}
