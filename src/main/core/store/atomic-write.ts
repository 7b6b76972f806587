import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import { ownFileStats } from './own-file'
import { injectedWriteFault } from './write-fault'

/**
 * The files Onair writes for the user (settings.json, through conf too: conf-writer.ts; the .ics
 * exports) are written here: a temporary file beside it, fsync, rename. A crash mid-write
 * leaves the previous version, and a reader sees the old text or the new.
 *
 * The temporary file is created exclusively (`wx`: O_CREAT|O_EXCL, which also refuses a link at
 * that name, dangling or not) under an unpredictable name, so a link planted where the writer
 * will write (a shared folder, the data folder) cannot turn the write into one of the link's
 * target. The file itself must not be a link either (own-file.ts): the rename would only replace
 * the link, but conf, and a reader, would follow it.
 */
const tempNameFor = (path: string): string => `${path}.tmp-${process.pid}-${randomHex()}`

/** 64 bits from the system's generator (Web Crypto: node:crypto would load with every reader of the store). */
const randomHex = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(8))).toString('hex')

/** Tries with fresh names: O_EXCL fails only where something already has the name. */
const ATTEMPTS = 3

function createTemp(path: string, mode: number): { tmp: string; fd: number } {
  for (let attempt = 1; ; attempt++) {
    const tmp = tempNameFor(path)
    try {
      return { tmp, fd: openSync(tmp, 'wx', mode) }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === ATTEMPTS) throw e
    }
  }
}

export function writeAtomic(path: string, data: string | Uint8Array, mode = 0o600): void {
  injectedWriteFault(basename(path), path)
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  ownFileStats(path)
  const { tmp, fd } = createTemp(path, mode)
  try {
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data
      for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, path)
  } catch (e) {
    // A refused write (full disk, a folder in the file's place) leaves the saved file as it was
    // and no half-written temporary file beside it.
    rmSync(tmp, { force: true })
    throw e
  }
}
