import { renameSync, type BigIntStats } from 'node:fs'
import { dirname } from 'node:path'
import type { z } from 'zod'
import type { LocalizedText } from '../../../shared/locale'
import { systemClock } from '../clock'
import { ABSENT, processBackend, UnreadableDocumentError, type DocumentBackend } from './document-backend'
import { movedAsideTo } from './data-files'
import { withFileLock, type FileLockOptions } from './file-lock'
import { sweepOnce } from './orphan-temps'
import { ownFileStats } from './own-file'
import { injectedWriteFault } from './write-fault'

/**
 * A typed document persisted as one JSON file, shared by every process that uses the data folder.
 *
 * - `update` is a transaction: under the file's cross-process lock (file-lock.ts) it re-reads the
 *   file, applies `fn` and writes the result, so two processes never overwrite each other's change.
 * - Writes are atomic (atomic-write.ts: a temp file, fsync, rename): a crash mid-write leaves the
 *   previous version, and a reader without the lock sees the old document or the new one. The
 *   temp files a killed writer left are removed when a process first opens the folder
 *   (orphan-temps.ts).
 * - `read` sees other processes' writes: it re-reads whenever the file's identity (inode, size,
 *   change times) differs from what it last read, so an unchanged file costs one `stat`.
 * - A file that no longer parses or no longer matches the schema is moved aside (never deleted:
 *   the user's data may be recoverable by hand) and reported; the document starts from defaults.
 */
export interface DocumentStore<T> {
  read(): T
  write(next: T): void
  update(fn: (current: T) => T): T
}

export interface CorruptFileReport {
  path: string
  movedTo: string
  reason: string
  /** What losing this file means to the user (the store's `lossNote`). */
  consequence?: LocalizedText
}

export interface JsonFileOptions<S extends z.ZodType> {
  path: string
  schema: S
  defaults: () => z.output<S>
  /** File permissions for new files; 0o600 for anything personal. */
  mode?: number
  onCorrupt?: (report: CorruptFileReport) => void
  /** What the user loses when this file is moved aside, and what to do (see describeCorruptFile). */
  lossNote?: LocalizedText
  now?: () => number
  lock?: FileLockOptions
  /** Where the text is kept; the process's (document-backend.ts) unless a test says. */
  backend?: DocumentBackend
}

/** What a file looked like when it was read; null when there was no file. */
type Signature = string | null

const signatureOf = (s: BigIntStats): string => `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`

/** Also the check that the file is Onair's to read: never a link, another user's file (own-file.ts). */
function currentSignature(path: string): Signature {
  const stats = ownFileStats(path)
  return stats && signatureOf(stats)
}

type Loaded<T> = { ok: true; value: T; sig: Signature } | { ok: false; reason: string }

export function jsonFileStore<S extends z.ZodType>(opts: JsonFileOptions<S>): DocumentStore<z.output<S>> {
  type T = z.output<S>
  let cache: { value: T; sig: Signature } | undefined
  const file = (opts.backend ?? processBackend()).open(opts.path, opts.mode ?? 0o600)
  sweepOnce(dirname(opts.path))

  /**
   * The file as it is now. The identity is taken before the text is read: a write in between then
   * leaves a newer document under an older identity, which only costs one more read later.
   * A transaction never trusts the identity (`fresh`): coarse file times and a reused inode could
   * make three quick writes look like the first, and a transaction must not build on a stale copy.
   */
  const load = (fresh: boolean): Loaded<T> => {
    const sig = currentSignature(opts.path)
    if (sig === null) return { ok: true, value: opts.defaults(), sig }
    if (!fresh && cache && cache.sig === sig) return { ok: true, value: cache.value, sig }
    let raw: unknown
    try {
      raw = file.read()
    } catch (e) {
      if (e instanceof UnreadableDocumentError) return { ok: false, reason: e.message }
      throw e
    }
    if (raw === ABSENT) return { ok: true, value: opts.defaults(), sig: null }
    try {
      // Without zod's compiled parser: a process reads a document a few times, and compiling a
      // parser for each object in the schema costs the short commands more than it ever saves.
      const parsed = opts.schema.safeParse(raw, { jitless: true })
      if (parsed.success) return { ok: true, value: parsed.data, sig }
      const reason = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')
      return { ok: false, reason }
    } catch (e) {
      return { ok: false, reason: e instanceof Error ? e.message : String(e) }
    }
  }

  /** Under the lock: the current document, a corrupt file moved aside first. */
  const loadLocked = (): T => {
    const loaded = load(true)
    if (loaded.ok) {
      cache = { value: loaded.value, sig: loaded.sig }
      return loaded.value
    }
    const movedTo = movedAsideTo(opts.path, opts.now?.() ?? systemClock.now())
    renameSync(opts.path, movedTo)
    opts.onCorrupt?.({ path: opts.path, movedTo, reason: loaded.reason, consequence: opts.lossNote })
    cache = { value: opts.defaults(), sig: null }
    return cache.value
  }

  const locked = <R>(fn: () => R): R => {
    try {
      return withFileLock(opts.path, fn, opts.lock)
    } catch (e) {
      // `fn` may have changed the cached document before failing: the disk is the truth.
      cache = undefined
      throw e
    }
  }

  const save = (next: T): void => {
    injectedWriteFault(opts.path)
    // Before the backend touches it: conf reads the file before it writes, following a link.
    ownFileStats(opts.path)
    file.write(next)
    cache = { value: next, sig: currentSignature(opts.path) }
  }

  return {
    read() {
      if (cache && cache.sig === currentSignature(opts.path)) return cache.value
      const loaded = load(false)
      if (loaded.ok) {
        cache = { value: loaded.value, sig: loaded.sig }
        return loaded.value
      }
      // Moving a file aside is a change: under the lock, and only if it is still the bad one.
      return locked(loadLocked)
    },
    write(next) {
      locked(() => save(next))
    },
    update(fn) {
      return locked(() => {
        const next = fn(loadLocked())
        save(next)
        return next
      })
    }
  }
}

/** An in-memory store with the same contract, for tests and for the renderer harness. */
export function memoryStore<T>(initial: T): DocumentStore<T> {
  let value = initial
  const store: DocumentStore<T> = {
    read: () => value,
    write: (next) => {
      value = next
    },
    update: (fn) => {
      value = fn(value)
      return value
    }
  }
  return store
}
