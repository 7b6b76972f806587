import { closeSync, existsSync, openSync, renameSync, statfsSync } from 'node:fs'
import { dirname } from 'node:path'
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { LocalizedText } from '../../../shared/locale'
import { systemClock } from '../clock'
import { makeDataDir } from './data-dir'
import { ownFileStats } from './own-file'
import { databaseFile, damagedCopyOf } from './data-files'
import { DATABASE_LOST, isDamage, storeError } from './sqlite-errors'

/**
 * The data folder's shared state: one SQLite database (`onair.db`) that the app, `onair run` and
 * every short command open. SQLite serialises writers with locks the kernel releases when a
 * process dies, and survives a crash mid-write by design (its journal), so nothing here guesses
 * whether another process is still alive.
 *
 * - Every change is one `BEGIN IMMEDIATE` transaction: the write lock is taken before anything is
 *   read, so two processes never both build on the same state. A writer that finds the lock taken
 *   waits (the busy timeout) and then fails with a clear message; it never writes over.
 * - WAL, so readers see the last committed state and never wait for a writer. WAL's shared memory
 *   does not work on network file systems; there the classic rollback journal is used, which
 *   relies only on the file system's own locks.
 * - A file that is not a database, is truncated, or was written by a newer Onair is moved aside
 *   (never deleted) and reported; a new database starts in its place.
 */
export const SCHEMA_VERSION = 1
/** How long a writer waits for another process's transaction before it gives up and says so. */
const BUSY_TIMEOUT_MS = 30_000

const SCHEMA = `
CREATE TABLE IF NOT EXISTS documents (
  account TEXT NOT NULL,
  name TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (account, name)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS set_aside (
  id INTEGER PRIMARY KEY,
  account TEXT NOT NULL,
  name TEXT NOT NULL,
  body TEXT NOT NULL,
  reason TEXT NOT NULL,
  at INTEGER NOT NULL
);
PRAGMA user_version = ${SCHEMA_VERSION};
`

/** A document or a file that could not be read and was set aside (never deleted), as the faces tell it. */
export interface CorruptFileReport {
  path: string
  movedTo: string
  reason: string
  /** What losing it means to the user (see describeCorruptFile). */
  consequence?: LocalizedText
}

export interface FolderDatabase {
  readonly path: string
  /** The connection; null while the folder has no database yet (nothing was ever written). */
  existing(): DatabaseSync | null
  /** The connection, the folder and the database made first when there are none. */
  open(): DatabaseSync
  /** `fn` as one write transaction; inside another one it simply joins it. */
  transaction<R>(fn: (db: DatabaseSync) => R): R
  /** `fn` over one consistent snapshot (a read transaction), without creating anything. */
  snapshot<R>(fn: (db: DatabaseSync | null) => R): R
  close(): void
}

const opened = new Map<string, FolderDatabase>()
let damagedListener: ((r: CorruptFileReport) => void) | undefined

/** Where a moved-aside database is reported: each face tells the user as it tells of a damaged document. */
export function onDamagedDatabase(listener: ((r: CorruptFileReport) => void) | undefined): void {
  damagedListener = listener
}

/** This process's one connection to the folder's database. */
export function folderDatabase(dataDir: string): FolderDatabase {
  const path = databaseFile(dataDir)
  let db = opened.get(path)
  if (!db) {
    db = connection(dataDir, path)
    opened.set(path, db)
  }
  return db
}

/** Closes every connection of this process (tests, and a process that is about to remove a folder). */
export function closeFolderDatabases(): void {
  for (const db of opened.values()) db.close()
  opened.clear()
}

function connection(dataDir: string, path: string): FolderDatabase {
  let db: DatabaseSync | null = null
  let depth = 0
  const existing = (): DatabaseSync | null => {
    if (!db && existsSync(path)) db = connect(path)
    return db
  }
  const open = (): DatabaseSync => {
    if (db) return db
    makeDataDir(dataDir)
    db = connect(path)
    return db
  }
  const within = <R>(begin: string, conn: DatabaseSync, fn: () => R): R => {
    if (depth > 0) return fn()
    run(conn, path, begin)
    depth++
    try {
      const result = fn()
      run(conn, path, 'COMMIT')
      return result
    } catch (e) {
      rollback(conn)
      throw storeError(e, path)
    } finally {
      depth--
    }
  }
  return {
    path,
    existing,
    open,
    transaction(fn) {
      const conn = open()
      return within('BEGIN IMMEDIATE', conn, () => fn(conn))
    },
    snapshot(fn) {
      const conn = existing()
      return conn ? within('BEGIN', conn, () => fn(conn)) : fn(null)
    },
    close() {
      db?.close()
      db = null
    }
  }
}

const statements = new WeakMap<DatabaseSync, Map<string, StatementSync>>()

/** A prepared statement of this connection, prepared once. */
export function statement(db: DatabaseSync, sql: string): StatementSync {
  let mine = statements.get(db)
  if (!mine) statements.set(db, (mine = new Map()))
  let s = mine.get(sql)
  if (!s) mine.set(sql, (s = db.prepare(sql)))
  return s
}

/** node:sqlite, loaded when a folder is first opened; Node 22 calls it experimental once per process. */
let sqlite: typeof import('node:sqlite') | undefined
function sqliteModule(): typeof import('node:sqlite') {
  if (sqlite) return sqlite
  const emit = process.emitWarning
  // Node 22 warns that SQLite is experimental the first time the module loads; the warning is
  // about the API's stability (pinned by this project's supported range), not something the user
  // can act on, so it never reaches their terminal. Every other warning passes.
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message
    if (/SQLite is an experimental feature/.test(text)) return
    return (emit as (...a: unknown[]) => void).call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    sqlite = process.getBuiltinModule('node:sqlite') as typeof import('node:sqlite')
  } finally {
    process.emitWarning = emit
  }
  return sqlite
}

/** A bare SQLite file of the folder, for a lock only (the reminders' hold), made with the folder. */
export function openDatabaseFile(path: string, dataDir: string): DatabaseSync {
  makeDataDir(dataDir)
  ownDatabaseFile(path)
  return new (sqliteModule().DatabaseSync)(path)
}

/**
 * The database's file, never a link or another user's file (SQLite would follow a link at its name:
 * own-file.ts), made readable by the user alone before SQLite creates it: it holds the command
 * line's tokens, and SQLite gives its journal and WAL files the database file's mode.
 */
function ownDatabaseFile(path: string): void {
  if (ownFileStats(path)) return
  try {
    closeSync(openSync(path, 'wx', 0o600))
  } catch (e) {
    // Another process made it first, with the same mode.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
  }
}

/** Opens the database, moving a damaged one aside and starting anew. */
function connect(path: string): DatabaseSync {
  ownDatabaseFile(path)
  const problem = (() => {
    const db = new (sqliteModule().DatabaseSync)(path)
    try {
      // Before anything reads the file: another process may be writing it.
      db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
      const version = readPragma(db, path, 'PRAGMA user_version')
      if (version > SCHEMA_VERSION)
        return `written by a newer Onair (schema ${version}, this one knows ${SCHEMA_VERSION})`
      configure(db, path, version)
      return db
    } catch (e) {
      db.close()
      if (!isDamage(e)) throw storeError(e, path)
      return (e as Error).message
    }
  })()
  if (typeof problem !== 'string') return problem
  const movedTo = damagedCopyOf(path, systemClock.now())
  renameSync(path, movedTo)
  for (const side of ['-wal', '-shm', '-journal']) if (existsSync(path + side)) renameSync(path + side, movedTo + side)
  damagedListener?.({ path, movedTo, reason: problem, consequence: DATABASE_LOST })
  ownDatabaseFile(path)
  const fresh = new (sqliteModule().DatabaseSync)(path)
  fresh.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
  configure(fresh, path, 0)
  return fresh
}

/** The one value a pragma answers (`user_version`, `journal_mode`). */
export function readPragma(db: DatabaseSync, path: string, pragma: string): number {
  const row = db.prepare(pragma).get() as Record<string, number> | undefined
  if (!row) throw storeError(new Error(`${pragma} returned nothing`), path)
  return Object.values(row)[0] ?? 0
}

/** Settings of this connection, and the tables when the database is new (`version` 0). */
function configure(db: DatabaseSync, path: string, version: number): void {
  // With WAL, NORMAL keeps every committed transaction through a crash of any process; only a
  // power cut can lose the last one, never corrupt the file.
  run(db, path, 'PRAGMA synchronous = NORMAL')
  // An existing database is opened without the write lock: a command that only reads never waits
  // for a writer (nor for one stopped inside its transaction).
  if (version === SCHEMA_VERSION) return
  // Several processes may meet a new folder at once: the write lock (with its busy wait) lets one
  // make the tables while the others wait, and the journal is switched once they exist.
  run(db, path, 'BEGIN IMMEDIATE')
  try {
    db.exec(SCHEMA)
    run(db, path, 'COMMIT')
  } catch (e) {
    rollback(db)
    throw e
  }
  useJournal(db, path, onNetworkFileSystem(path) ? 'delete' : 'wal')
}

/**
 * Switching the journal needs the file to itself for a moment, and SQLite answers "busy" at once,
 * without its busy wait, while another process reads or writes; the mode is a property of the file,
 * so another process may also have switched it meanwhile. Asked again until it is set.
 */
function useJournal(db: DatabaseSync, path: string, mode: 'wal' | 'delete'): void {
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (let waited = 0; ; waited += 5) {
    try {
      if (String(Object.values(db.prepare(`PRAGMA journal_mode = ${mode}`).get() ?? {})[0]) === mode) return
    } catch (e) {
      if ((e as { errcode?: number }).errcode !== 5 || waited >= BUSY_TIMEOUT_MS) throw storeError(e, path)
    }
    Atomics.wait(pause, 0, 0, 5)
  }
}

/** Linux's names for the network file systems where WAL's shared memory cannot be trusted. */
const NETWORK_FS = new Set([0x6969, 0x517b, 0xff534d42, 0xfe534d42, 0x65735546, 0x5346414f, 0x01021997])

function onNetworkFileSystem(path: string): boolean {
  if (process.platform !== 'linux') return false
  try {
    return NETWORK_FS.has(Number(statfsSync(dirname(path)).type))
  } catch {
    return false
  }
}

/** Ends a failed transaction; one SQLite already rolled back (a failed COMMIT may have) is ended. */
function rollback(db: DatabaseSync): void {
  try {
    db.exec('ROLLBACK')
  } catch {
    // No transaction was active any more.
  }
}

function run(db: DatabaseSync, path: string, sql: string): void {
  try {
    db.exec(sql)
  } catch (e) {
    throw storeError(e, path)
  }
}
