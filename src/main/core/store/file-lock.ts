import { closeSync, constants, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { dirname } from 'node:path'
import type { LocalizedText } from '../../../shared/locale'
import { systemClock } from '../clock'
import { lockOf, lockOwnerOf } from './data-files'
import { checkOwnLockFolder } from './own-file'
import { processGone } from './owner'

/**
 * The cross-process lock around every read-modify-write of a file in the data folder (the app,
 * `onair run` and any number of short `onair` commands may share one folder). It is a `mkdir` of
 * `<file>.lock` (atomic: exactly one process makes the folder), proper-lockfile's method, which
 * the reminders' hold uses (schedule/folder-lock.ts); the library itself is not loaded for it, so
 * a command that only reads loads no lock code at all. It is taken synchronously because the
 * DocumentStore interface is synchronous and its whole transaction (read, change, write one small
 * file) is short: making every caller of every store async would cost far more than it buys.
 *
 * The wait between attempts is a real sleep (Atomics.wait: the thread sleeps, no CPU is burnt),
 * growing, bounded by `waitMs`. A holder that died mid-transaction leaves a lock whose mtime stops
 * moving; after `staleMs` it is broken, so the default wait is longer than the stale time and a
 * dead holder never makes a command fail. Only a live holder that never lets go (a hung disk)
 * ends in StoreLockError.
 *
 * The stale time is a last resort: each holder notes who it is beside the lock (`<file>.lock-owner`,
 * see `noteOwner`), and a lock whose holder is certainly gone (killed mid-transaction, on this
 * machine) is broken at once, so a daemon restarted after a kill delivers the reminders due
 * meanwhile without first waiting out the stale time.
 */
export const LOCK_STALE_MS = 5_000
export const LOCK_WAIT_MS = 10_000

export interface FileLockOptions {
  waitMs?: number
  staleMs?: number
}

/** The data folder stayed locked for longer than any transaction takes. */
export class StoreLockError extends Error {
  readonly userMessage: LocalizedText

  constructor(readonly path: string) {
    super(`timed out waiting for the lock on ${path}`)
    this.name = 'StoreLockError'
    this.userMessage = {
      en: `Another Onair process kept ${path} locked for too long, so nothing was changed. Try again; if it keeps happening, quit the other Onair processes.`,
      ja: `別の Onair のプロセスが ${path} を長時間ロックしていたため、何も変更していません。もう一度お試しください。繰り返す場合は、ほかの Onair のプロセスを終了してください。`
    }
  }
}

/** Paths this process holds now: a transaction inside a transaction on the same file runs at once. */
const held = new Set<string>()

const sleeper = new Int32Array(new SharedArrayBuffer(4))
const sleep = (ms: number) => void Atomics.wait(sleeper, 0, 0, ms)

export function withFileLock<R>(path: string, fn: () => R, opts: FileLockOptions = {}): R {
  if (held.has(path)) return fn()
  const release = acquire(path, opts)
  held.add(path)
  try {
    return fn()
  } finally {
    held.delete(path)
    release()
  }
}

function acquire(path: string, opts: FileLockOptions): () => void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  // A link at the lock's name would be judged (statSync follows it) as if it were the lock.
  checkOwnLockFolder(lockOf(path))
  // Real time on purpose: the holder is another process, and this wait blocks the thread.
  const deadline = systemClock.now() + (opts.waitMs ?? LOCK_WAIT_MS)
  let pause = 2
  for (;;) {
    if (tryLock(path, opts.staleMs ?? LOCK_STALE_MS)) return noteOwner(path, () => removeLock(path))
    if (breakIfHolderGone(path)) continue
    if (systemClock.now() >= deadline) throw new StoreLockError(path)
    sleep(Math.min(pause, Math.max(1, deadline - systemClock.now())) * (0.5 + Math.random() / 2))
    pause = Math.min(50, pause * 2)
  }
}

const removeLock = (path: string): void => rmSync(lockOf(path), { recursive: true, force: true })

/**
 * One attempt: true when this process made the lock folder. A lock unchanged for `staleMs` is a
 * holder's that stopped in the middle (a transaction takes milliseconds): it is removed and made
 * once more, and should another process have made it first, that one holds it.
 */
function tryLock(path: string, staleMs: number, breakStale = true): boolean {
  try {
    mkdirSync(lockOf(path))
    return true
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
  }
  const made = statSync(lockOf(path), { throwIfNoEntry: false })?.mtimeMs
  if (!breakStale || (made !== undefined && systemClock.now() - made < staleMs)) return false
  removeLock(path)
  return tryLock(path, staleMs, false)
}

/** Who holds a lock, and which lock: `lock` tells this holder's lock from a later one. */
interface LockOwner {
  host: string
  pid: number
  lock: string
}

/** The note opened never through a link (own-file.ts: a link there is refused, ELOOP). */
function withNoteOpen<R>(path: string, flags: number, fn: (fd: number) => R): R {
  const fd = openSync(lockOwnerOf(path), flags | (constants.O_NOFOLLOW ?? 0), 0o600)
  try {
    return fn(fd)
  } finally {
    closeSync(fd)
  }
}

/** The lock folder's identity (inode and change time): a lock broken and taken again is another. */
function lockIdentity(path: string): string | null {
  try {
    const s = statSync(lockOf(path), { bigint: true })
    return `${s.ino}:${s.mtimeNs}:${s.ctimeNs}`
  } catch {
    return null
  }
}

/**
 * Notes this process as the holder, and returns the release that removes the note first. A holder
 * that dies between taking the lock and writing the note (or between the two removals) leaves a
 * lock without a note, which only the stale time breaks: a window of microseconds, as before.
 */
function noteOwner(path: string, release: () => void): () => void {
  const owner: LockOwner = { host: hostname(), pid: process.pid, lock: lockIdentity(path) ?? '' }
  try {
    withNoteOpen(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC, (fd) =>
      writeFileSync(fd, JSON.stringify(owner))
    )
  } catch {
    // Without the note the lock is still a lock; only a crash would then wait for the stale time.
  }
  return () => {
    rmSync(lockOwnerOf(path), { force: true })
    release()
  }
}

/**
 * Breaks the lock when the note names a process of this machine that no longer exists and the
 * lock is still the one it noted (a lock broken as stale and taken again by a live process keeps
 * the dead holder's note until the new holder writes its own). True when the lock was broken.
 */
function breakIfHolderGone(path: string): boolean {
  let owner: LockOwner
  try {
    owner = JSON.parse(withNoteOpen(path, constants.O_RDONLY, (fd) => readFileSync(fd, 'utf8'))) as LockOwner
  } catch {
    return false
  }
  if (owner.lock === '' || owner.lock !== lockIdentity(path)) return false
  if (!processGone({ host: owner.host, pid: owner.pid, id: '' })) return false
  rmSync(lockOf(path), { recursive: true, force: true })
  rmSync(lockOwnerOf(path), { force: true })
  return true
}
