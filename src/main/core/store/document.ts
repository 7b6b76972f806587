import type { DatabaseSync } from 'node:sqlite'
import type { z } from 'zod'
import type { LocalizedText } from '../../../shared/locale'
import { systemClock } from '../clock'
import { folderDatabase, statement, type CorruptFileReport } from './database'
import { DOCUMENTS, type DocumentName } from './data-files'
import { injectedWriteFault } from './write-fault'

/**
 * A typed document of the data folder: one row of the folder's database (database.ts), shared by
 * every process that opens the folder.
 *
 * - `update` is a transaction: the write lock is taken, the row read, `fn` applied and the result
 *   written before anyone else may write, so two processes never overwrite each other's change.
 * - `read` sees what was last committed, by any process.
 * - A document of the user's (`scope: 'account'` in data-files.ts) is the signed-in user's row:
 *   after another user signs in, the same store reads and writes that user's rows instead.
 * - A row that no longer matches the schema (written by another build) is set aside in the
 *   database, never deleted, and reported; the document starts from its defaults.
 */
export interface DocumentStore<T> {
  read(): T
  write(next: T): void
  update(fn: (current: T) => T): T
}

export interface DocumentOptions<S extends z.ZodType> {
  dataDir: string
  name: DocumentName
  schema: S
  defaults: () => z.output<S>
  onCorrupt?: (report: CorruptFileReport) => void
  /** What the user loses when this document is set aside, and what to do (see describeCorruptFile). */
  lossNote?: LocalizedText
}

/** Who a row of the user's belongs to: the service's address and the user's id there. */
export const accountKey = (session: { mediaUrl: string; user: { id: number } }): string =>
  `${session.mediaUrl} #${session.user.id}`

/** The signed-in account's key, '' when nobody is signed in (read raw: the session's schema is auth's). */
export function currentAccount(db: DatabaseSync): string {
  const row = statement(db, 'SELECT body FROM documents WHERE account = ? AND name = ?').get('', 'session')
  if (!row) return ''
  try {
    const session = (JSON.parse(row.body as string) as { session?: { mediaUrl?: unknown; user?: { id?: unknown } } })
      .session
    if (typeof session?.mediaUrl !== 'string' || typeof session.user?.id !== 'number') return ''
    return accountKey({ mediaUrl: session.mediaUrl, user: { id: session.user.id } })
  } catch {
    return ''
  }
}

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string }

export function folderDocument<S extends z.ZodType>(o: DocumentOptions<S>): DocumentStore<z.output<S>> {
  type T = z.output<S>
  const folder = folderDatabase(o.dataDir)
  const accountIn = (db: DatabaseSync): string => accountOf(db, o.name)
  const bodyOf = (db: DatabaseSync, account: string): string | undefined => rowBody(db, account, o.name)

  const parse = (body: string): Parsed<T> => {
    try {
      // Without zod's compiled parser: a process reads a document a few times, and compiling a
      // parser for each object in the schema costs the short commands more than it ever saves.
      const parsed = o.schema.safeParse(JSON.parse(body), { jitless: true })
      return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: schemaMisfit(parsed.error) }
    } catch (e) {
      return { ok: false, reason: e instanceof Error ? e.message : String(e) }
    }
  }

  /** Under the write lock: the document, a damaged row set aside first. */
  const loadLocked = (db: DatabaseSync, account: string): T => {
    const body = bodyOf(db, account)
    if (body === undefined) return o.defaults()
    const parsed = parse(body)
    if (parsed.ok) return parsed.value
    const at = systemClock.now()
    const { lastInsertRowid } = statement(
      db,
      'INSERT INTO set_aside (account, name, body, reason, at) VALUES (?, ?, ?, ?, ?)'
    ).run(account, o.name, body, parsed.reason, at)
    statement(db, 'DELETE FROM documents WHERE account = ? AND name = ?').run(account, o.name)
    o.onCorrupt?.({
      path: `${folder.path} (${o.name})`,
      movedTo: `${folder.path} (set_aside ${lastInsertRowid})`,
      reason: parsed.reason,
      consequence: o.lossNote
    })
    return o.defaults()
  }

  const save = (db: DatabaseSync, account: string, next: T): void => {
    injectedWriteFault(o.name, folder.path)
    statement(db, 'INSERT OR REPLACE INTO documents (account, name, body) VALUES (?, ?, ?)').run(
      account,
      o.name,
      JSON.stringify(next)
    )
  }

  return {
    read() {
      const seen = folder.snapshot((db): Parsed<T> | null => {
        const body = db ? bodyOf(db, accountIn(db)) : undefined
        return body === undefined ? null : parse(body)
      })
      if (seen === null) return o.defaults()
      if (seen.ok) return seen.value
      // Setting a row aside is a change: under the write lock, and only if it is still the bad one.
      return folder.transaction((db) => loadLocked(db, accountIn(db)))
    },
    write(next) {
      folder.transaction((db) => save(db, accountIn(db), next))
    },
    update(fn) {
      return folder.transaction((db) => {
        const account = accountIn(db)
        const next = fn(loadLocked(db, account))
        save(db, account, next)
        return next
      })
    }
  }
}

/** The document's saved text as it is now (undefined when none): what a watch compares. */
export function documentBody(dataDir: string, name: DocumentName): string | undefined {
  return folderDatabase(dataDir).snapshot((db) => (db ? rowBody(db, accountOf(db, name), name) : undefined))
}

/** Whose row of the document is meant now: the signed-in account's for a personal one, else the folder's. */
const accountOf = (db: DatabaseSync, name: DocumentName): string =>
  DOCUMENTS[name].scope === 'account' ? currentAccount(db) : ''

const rowBody = (db: DatabaseSync, account: string, name: DocumentName): string | undefined =>
  statement(db, 'SELECT body FROM documents WHERE account = ? AND name = ?').get(account, name)?.body as
    string | undefined

/** Deletes the account's documents that signing out deletes (data-files.ts says which). */
export function deleteAccountDocuments(dataDir: string, account: string, names: readonly DocumentName[]): void {
  if (!account) return
  folderDatabase(dataDir).transaction((db) => {
    const del = statement(db, 'DELETE FROM documents WHERE account = ? AND name = ?')
    for (const name of names) del.run(account, name)
  })
}

/** An in-memory store with the same contract, for tests and for the renderer harness. */
export function memoryStore<T>(initial: T): DocumentStore<T> {
  let value = initial
  return {
    read: () => value,
    write: (next) => {
      value = next
    },
    update: (fn) => {
      value = fn(value)
      return value
    }
  }
}

/** Why a document does not fit its schema, in a line: the first three places and what is wrong there. */
export function schemaMisfit(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ')
}
