import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { OutboxDoc } from '../../../src/shared/records'
import { startEmulator, USER_ID, type Emulator } from '../../emulator/index'
import { fakeIo } from './fake-io'
import { onairProcess } from './onair-process'

/** Several `onair` processes on one data folder, as a user with a terminal and a daemon has them. */
let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator({ port: 0, rateLimit: false })
})
afterAll(() => emu.close())

async function signedInFolder() {
  const env = {
    ONAIR_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'onair-shared-cli-')), 'data'),
    ONAIR_MEDIA_URL: emu.baseUrl,
    ONAIR_CLIENT_ID: emu.client.id,
    ONAIR_CLIENT_SECRET: emu.client.secret
  }
  expect(await runCli(['sign-in', '--token', emu.tokens.readWrite], fakeIo(env))).toBe(0)
  return env
}

const recordsOf = (episodeId: number) =>
  emu.media.records.filter((r) => r.userId === USER_ID && r.episodeId === episodeId)

describe('one data folder, many processes', () => {
  it('five `record --no-wait` at once: exactly five records, each sent once, outbox.json intact', async () => {
    const env = await signedInFolder()
    const episodes = [201, 202, 301, 302, 303]
    const runs = episodes.map((ep) => onairProcess(['record', String(ep), '--no-wait'], env))
    const codes = await Promise.all(runs.map((r) => r.code))
    for (const [i, r] of runs.entries()) expect(codes[i], `${episodes[i]}: ${r.stderr()}`).toBe(0)
    for (const ep of episodes) expect(recordsOf(ep)).toHaveLength(1)
    const doc = OutboxDoc.parse(JSON.parse(readFileSync(join(env.ONAIR_DATA_DIR, 'outbox.json'), 'utf8')))
    expect(doc.entries.map((e) => e.state)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent'])
    expect(doc.recent.map((r) => r.episodeId).sort()).toEqual(episodes)
  }, 60_000)
})
