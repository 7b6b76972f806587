import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxDoc } from '../../../src/shared/records'
import { SOON_PROGRAM_ID, startEmulator, USER_ID, type Emulator } from '../../emulator/index'
import { onairProcess } from './onair-process'
import { savedDocument } from '../../support/saved-documents'
import { signedInEnv } from '../../support/signed-in-env'

/** Several `onair` processes on one data folder, as a user with a terminal and a daemon has them. */
let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator({ port: 0, rateLimit: false })
})
afterAll(() => emu.close())

const signedInFolder = (service = emu) => signedInEnv(service)

const recordsOf = (episodeId: number) =>
  emu.media.records.filter((r) => r.userId === USER_ID && r.episodeId === episodeId)

describe('one data folder, many processes', () => {
  it('five `record --no-wait` at once: exactly five records, each sent once, the saved outbox intact', async () => {
    const env = await signedInFolder()
    const episodes = [201, 202, 301, 302, 303]
    const runs = episodes.map((ep) => onairProcess(['record', String(ep), '--no-wait'], env))
    const codes = await Promise.all(runs.map((r) => r.code))
    for (const [i, r] of runs.entries()) expect(codes[i], `${episodes[i]}: ${r.stderr()}`).toBe(0)
    for (const ep of episodes) expect(recordsOf(ep)).toHaveLength(1)
    const doc = OutboxDoc.parse(savedDocument(env.ONAIR_DATA_DIR, 'outbox'))
    expect(doc.entries.map((e) => e.state)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent'])
    expect(doc.recent.map((r) => r.episodeId).sort()).toEqual(episodes)
  }, 60_000)

  it('two `onair run` on one folder: the second exits 2 naming the first; one reminder; a killed holder is replaced at once', async () => {
    const soon = await startEmulator({ port: 0, soonSeconds: 8, rateLimit: false })
    try {
      const env = await signedInFolder(soon)
      const first = onairProcess(['run', '--json', '--lead', '0'], env)
      await first.saw('"type":"poll"')
      const second = onairProcess(['run', '--json', '--lead', '0'], env)
      expect(await second.code).toBe(2)
      expect(second.stderr()).toContain(`already served by "onair run" (pid ${first.child.pid} on `)
      expect(second.stdout()).toBe('')
      await first.saw(`"type":"reminder","programId":${SOON_PROGRAM_ID}`)
      first.child.kill('SIGKILL')
      await first.code
      const reminders = first
        .stdout()
        .split('\n')
        .filter((l) => l.includes('"type":"reminder"'))
      expect(reminders).toHaveLength(1)
      // Killed without a chance to let go: its pid is gone, so the next daemon serves at once.
      const third = onairProcess(['run', '--json', '--lead', '0'], env)
      await third.saw('"type":"poll"')
      third.child.kill('SIGINT')
      expect(await third.code).toBe(0)
      expect(third.stdout()).not.toContain('"type":"reminder"')
    } finally {
      await soon.close()
    }
  }, 60_000)
})
