import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { tempDir } from '../../support/temp-dir'
import { fakeIo } from '../../support/fake-io'
import { signedInEnv } from '../../support/signed-in-env'
import { spawnCli } from '../cli/spawn-cli'
import { missing, startNotificationServer, type NotificationServer } from './notification-server'

/**
 * `onair run` (the built command line, as a real process) with its reminder on python3-dbusmock's
 * server: another client records the episode at the emulator, and the next poll takes the reminder
 * off the screen and says so. Polls once a minute (the most the settings allow), so this waits up
 * to a minute of real time. Skipped, saying why, without the Debian packages.
 */
const unavailable = missing()
if (unavailable && process.env.ONAIR_REQUIRE_NOTIFICATION_SERVER) {
  throw new Error(`ONAIR_REQUIRE_NOTIFICATION_SERVER is set, but ${unavailable}`)
}

describe.skipIf(unavailable !== undefined)(`onair run, recorded elsewhere (${unavailable ?? 'dbusmock'})`, () => {
  let server: NotificationServer | undefined
  let emu: Emulator | undefined
  afterEach(async () => {
    server?.close()
    server = undefined
    await emu?.close()
    emu = undefined
  })

  it('a record made at the service takes the shown reminder off the screen within one poll', async () => {
    server = await startNotificationServer(['body', 'body-markup', 'actions'])
    emu = await startEmulator({ port: 0, soonSeconds: 2 })
    const dataDir = join(tempDir('onair-run-withdraw-'), 'data')
    const env = await signedInEnv(emu, dataDir)
    expect(await runCli(['config', 'set', 'poll.cron', '* * * * *'], fakeIo(env))).toBe(0)
    const run = spawnCli(['run', '--json', '--lead', '0'], { ...env, ...server.env })
    try {
      await run.line((l) => l.includes('"type":"reminder"') && l.includes(`"programId":${SOON_PROGRAM_ID}`))
      const soon = emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!
      const reminder = await server.callTitled(emu.media.work(soon.workId)!.title)
      await vi.waitFor(() => expect(server!.onScreen()).toContain(reminder.id))

      const res = await fetch(`${emu.baseUrl}/v1/me/records?episode_id=${soon.episodeId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${emu.tokens.readWrite}` }
      })
      expect(res.ok).toBe(true)
      const line = JSON.parse(await run.line((l) => l.includes('"type":"withdrawn"'), 75_000))
      expect(line).toMatchObject({ type: 'withdrawn', programId: SOON_PROGRAM_ID })
      await vi.waitFor(() => expect(server!.onScreen()).not.toContain(reminder.id))
    } finally {
      run.child.kill('SIGINT')
      expect(await run.code).toBe(0)
    }
  }, 90_000)
})
