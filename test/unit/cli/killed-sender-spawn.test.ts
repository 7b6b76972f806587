import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { OutboxDoc } from '../../../src/shared/records'
import { startEmulator, USER_ID, type Emulator } from '../../emulator/index'
import { onairProcess, type OnairProcess } from './onair-process'
import { signedInEnv } from '../../support/signed-in-env'
import { runCliProcess } from './spawn-cli'
import { tempDir } from '../../support/temp-dir'
import { savedDocument } from '../../support/saved-documents'

/**
 * An `onair record` killed (SIGKILL) while its request is in flight, after the service
 * stored the record. What it learned before sending must be on disk, so the next process to take
 * the entry over settles it by itself: sent, not "needs confirmation", and never sent twice.
 */
let emu: Emulator
let folder: string
beforeAll(async () => {
  emu = await startEmulator({ port: 0, rateLimit: false })
  folder = tempDir('onair-killed-sender-')
})
const started: OnairProcess[] = []
const start = (args: string[], env: Record<string, string>) => {
  const p = onairProcess(args, env)
  started.push(p)
  return p
}
// A failed expectation must not leave a daemon running.
afterEach(() => {
  for (const p of started.splice(0))
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL')
})
afterAll(async () => {
  await emu.close()
})

const readOutbox = (dataDir: string) => OutboxDoc.parse(savedDocument(dataDir, 'outbox'))

const recordsOf = (episodeId: number) =>
  emu.media.records.filter((r) => r.userId === USER_ID && r.episodeId === episodeId)

// Programs 9 and 10 of the seed: episodes 301 and 302, unwatched, within the schedule's window.
it.each([
  { broadcast: 'named by --program', episode: 301, programId: 9, flags: ['--program', '9'] },
  { broadcast: 'found in the saved schedule', episode: 302, programId: 10, flags: [] }
])(
  'a sender killed after the service stored the record (broadcast $broadcast): the next process settles it as sent',
  async ({ episode, programId, flags }) => {
    const env = await signedInEnv(emu, join(folder, String(episode)))
    const dataDir = env.ONAIR_DATA_DIR!
    if (!flags.length) expect((await runCliProcess(['upcoming'], env)).code).toBe(0)
    let committed!: () => void
    const stored = new Promise<void>((resolve) => (committed = resolve))
    emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'hang-after-commit', times: 1, committed })

    const sender = start(['record', String(episode), '--no-wait', ...flags], env)
    await stored
    sender.child.kill('SIGKILL')
    expect(await sender.code).toBe(-1)
    expect(recordsOf(episode)).toHaveLength(1)
    // Left as the killed process had it: being sent, with what reconciliation needs already on disk.
    expect(readOutbox(dataDir).entries[0]).toMatchObject({ state: 'sending', baseline: 'unwatched', programId })

    const daemon = start(['run', '--json'], env)
    await vi.waitFor(() => expect(readOutbox(dataDir).entries[0]?.state).toBe('sent'), {
      timeout: 15_000,
      interval: 100
    })
    daemon.child.kill('SIGINT')
    expect(await daemon.code).toBe(0)

    const listed = await runCliProcess(['outbox', '--json'], env)
    expect(listed.code).toBe(0)
    const [entry] = JSON.parse(listed.stdout.join('\n')) as Array<Record<string, unknown>>
    // Settled without a question: no reason to show, nothing for the user to confirm.
    expect(entry).toMatchObject({ state: 'sent', episodeId: episode, recordId: null })
    expect(entry).not.toHaveProperty('reason')
    expect(entry).not.toHaveProperty('unsure')
    expect(recordsOf(episode)).toHaveLength(1)
  },
  40_000
)
