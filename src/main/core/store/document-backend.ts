/**
 * Where a document's text is kept: conf under Node (conf-backend.ts), electron-store in the app
 * (shell/electron-store.ts, built on conf: the same files, the same atomic writes). A backend only
 * reads and writes one whole file; everything the store promises beyond that (the transaction
 * under the cross-process lock, the cache, moving a corrupt file aside, the schema and its
 * defaults) is json-file.ts's, so it holds whichever backend the process uses.
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

let chosen: DocumentBackend | undefined

/**
 * The backend of every store this process opens from now on, chosen once where the process starts
 * rather than passed to every store: the app sets electron-store before it opens any, the command
 * line conf (or, for a command that only reads, read-only-backend.ts), tests conf
 * (test/setup/document-backend.ts). No default, and kept here rather than in json-file.ts: a
 * command that only reads chooses its backend without loading the store's lock library or conf
 * (BENCHMARKS.md, issue 25), which it may never need when its documents' receipts vouch for them.
 */
export function useDocumentBackend(backend: DocumentBackend | undefined): DocumentBackend | undefined {
  const before = chosen
  chosen = backend
  return before
}

export const processBackend = (): DocumentBackend | undefined => chosen

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
