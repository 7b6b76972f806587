import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { StoreLockError, withFileLock } from '../../../src/main/core/store/file-lock'
import { tempDir } from '../../support/temp-dir'

/**
 * The lock of a process that was killed mid-transaction is broken at once, not after the stale
 * time: a daemon restarted after a SIGKILL delivers what fell due meanwhile without first waiting
 * seconds on the ledger's lock (issue 25). A live holder's lock is never broken early.
 */
const dir = tempDir('onair-file-lock-')

/** A child holding `path`'s lock once it said so; `stop` kills it (a `die` child is dead already). */
async function holder(path: string, how: 'die' | 'stay') {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'children/hold-lock.ts'), path, how],
    {
      stdio: ['ignore', 'pipe', 'inherit']
    }
  )
  const closed = new Promise((res) => child.on('close', res))
  await new Promise<void>((res) => child.stdout.on('data', () => res()))
  if (how === 'die') await closed
  return {
    async stop() {
      child.kill('SIGKILL')
      await closed
    }
  }
}

// The stale time far above the wait: only the holder's death can let these through in time.
const opts = { waitMs: 1_000, staleMs: 60_000 }

describe('withFileLock', () => {
  it('breaks at once the lock of a holder killed mid-transaction', async () => {
    const path = join(dir, 'ledger.json')
    await holder(path, 'die')
    expect(existsSync(`${path}.lock`)).toBe(true)
    expect(withFileLock(path, () => 'ran', opts)).toBe('ran')
    expect(existsSync(`${path}.lock`)).toBe(false)
    expect(existsSync(`${path}.lock-owner`)).toBe(false)
  })

  it('waits for a live holder, and ends in StoreLockError when it never lets go', async () => {
    const path = join(dir, 'schedule.json')
    const live = await holder(path, 'stay')
    try {
      expect(() => withFileLock(path, () => 'ran', { ...opts, waitMs: 200 })).toThrow(StoreLockError)
    } finally {
      await live.stop()
    }
    // Killed now, outside any transaction of ours: its lock goes as soon as it is found.
    expect(withFileLock(path, () => 'ran', opts)).toBe('ran')
  })

  it('breaks a lock left without a note once it is older than the stale time, never before', () => {
    const path = join(dir, 'snoozes.json')
    // What a holder that died between taking the lock and noting itself leaves (or an older version).
    mkdirSync(`${path}.lock`)
    expect(() => withFileLock(path, () => 'ran', { waitMs: 100, staleMs: 60_000 })).toThrow(StoreLockError)
    const minuteAgo = (Date.now() - 61_000) / 1000
    utimesSync(`${path}.lock`, minuteAgo, minuteAgo)
    expect(withFileLock(path, () => 'ran', { waitMs: 100, staleMs: 60_000 })).toBe('ran')
    expect(existsSync(`${path}.lock`)).toBe(false)
  })

  it.skipIf(process.platform === 'win32')('never writes its note through a link planted in its place', () => {
    const path = join(dir, 'outbox.json')
    const elsewhere = join(dir, 'elsewhere.txt')
    writeFileSync(elsewhere, 'untouched')
    symlinkSync(elsewhere, `${path}.lock-owner`)
    expect(withFileLock(path, () => 'ran', opts)).toBe('ran')
    expect(readFileSync(elsewhere, 'utf8')).toBe('untouched')
  })
})
