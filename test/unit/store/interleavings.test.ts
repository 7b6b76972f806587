import { existsSync, readdirSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { ledgerFile } from '../../../src/main/core/reminders/files'
import { closeFolderDatabases } from '../../../src/main/core/store/database'
import { tempDir } from '../../support/temp-dir'
import { stepper, type Stepper } from './stepper'

/**
 * The interleavings that lost or doubled a change under the hand-made file lock, forced step by
 * step with real processes on one data folder: each process stops at a chosen point (inside its
 * transaction, or waiting for the lock) and goes on only when the test says. Each claim in the
 * reminders' ledger prints how many entries it saw, so a transaction that built on a stale state
 * shows as two claims seeing the same count.
 */
const started: Stepper[] = []
const start = (dataDir: string, face: 'app' | 'cli', opts?: Parameters<typeof stepper>[2]) => {
  const s = stepper(dataDir, face, opts)
  started.push(s)
  return s
}
afterEach(async () => {
  // Each goes as a process ends by itself (its stdin closed), so the app's removes its folder.
  for (const s of started.splice(0)) {
    s.signal('SIGCONT')
    await s.exited()
  }
  closeFolderDatabases()
})

const counts = (lines: string[]) => lines.map((l) => Number(l.split(' ')[2])).sort()
const delivered = (dataDir: string, keys: string[]) => {
  const ledger = ledgerFile(dataDir).delivered()
  return keys.filter((k) => ledger.has(k))
}
/** The database and its write-ahead log are all a data folder holds after these tests: no lock debris. */
const debris = (dataDir: string) => readdirSync(dataDir).filter((f) => !/^onair\.db(-wal|-shm)?$/.test(f))

/**
 * With libfaketime installed (CI installs it), the waiter's clock runs an hour ahead, past any stale
 * time. Preloaded directly: the `faketime` wrapper names a semaphore after its pid, and one left by a
 * wrapper killed earlier on the machine makes a later wrapper with that pid refuse to start.
 */
const LIBFAKETIME = `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/faketime/libfaketime.so.1`
const aheadOfTheHolder = existsSync(LIBFAKETIME) ? { LD_PRELOAD: LIBFAKETIME, FAKETIME: '+1h' } : undefined

describe('the shared state under contention, forced step by step', () => {
  it('a waiter never breaks in when the holder releases and at once takes the lock again', async () => {
    const dir = tempDir('onair-forced-')
    const holder = start(dir, 'cli')
    const waiter = start(dir, 'app')
    holder.send('hold a')
    await holder.until(/^inside/)
    waiter.send('claim b')
    await waiter.until(/^asking/)
    // The holder commits and asks again at once, while the waiter is still waiting.
    holder.send('go')
    const first = await holder.until(/^claimed a/)
    holder.send('hold c')
    await holder.until(/^inside/)
    holder.send('go')
    const seen = [first, await holder.until(/^claimed c/), await waiter.until(/^claimed b/)]
    // Three transactions, each after the one before: no two saw the same state.
    expect(counts(seen)).toEqual([1, 2, 3])
    expect(delivered(dir, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c'])
  })

  it("two waiters take a killed holder's lock one after the other, and its unfinished change is gone", async () => {
    const dir = tempDir('onair-forced-')
    const holder = start(dir, 'cli')
    const [w1, w2] = [start(dir, 'app'), start(dir, 'cli')]
    holder.send('hold a')
    await holder.until(/^inside/)
    w1.send('claim b')
    w2.send('claim c')
    await Promise.all([w1.until(/^asking/), w2.until(/^asking/)])
    holder.signal('SIGKILL')
    const seen = await Promise.all([w1.until(/^claimed b/), w2.until(/^claimed c/)])
    expect(counts(seen)).toEqual([1, 2])
    expect(delivered(dir, ['a', 'b', 'c'])).toEqual(['b', 'c'])
    expect(debris(dir)).toEqual([])
  })

  it('a live holder stopped for as long as it takes keeps its lock: the waiter builds on its change', async () => {
    const dir = tempDir('onair-forced-')
    const holder = start(dir, 'cli')
    const waiter = start(dir, 'app', { env: aheadOfTheHolder })
    holder.send('hold a')
    await holder.until(/^inside/)
    holder.signal('SIGSTOP')
    waiter.send('claim b')
    await waiter.until(/^asking/)
    // Nothing the stopped holder did is visible, and the waiter has not written either.
    expect(delivered(dir, ['a', 'b'])).toEqual([])
    holder.signal('SIGCONT')
    holder.send('go')
    const seen = [await holder.until(/^claimed a/), await waiter.until(/^claimed b/)]
    expect(counts(seen)).toEqual([1, 2])
  })

  it('the same key claimed by the app and a command at once is claimed by exactly one', async () => {
    const dir = tempDir('onair-forced-')
    const [app, cli] = [start(dir, 'app'), start(dir, 'cli')]
    app.send('hold shared')
    await app.until(/^inside/)
    cli.send('claim shared')
    await cli.until(/^asking/)
    app.send('go')
    expect([await app.until(/shared/), await cli.until(/shared/)]).toEqual(['claimed shared 1', 'taken shared 1'])
  })
})
