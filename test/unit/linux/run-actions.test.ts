import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { signedInEnv } from '../cli/signed-in-env'
import { spawnCli } from '../cli/spawn-cli'
import { tempDir } from '../../support/temp-dir'
import { missing, startNotificationServer, type NotificationServer } from './notification-server'

/**
 * Issue 24.2 in `onair run` (the built command line, as a real process): its reminder reaches a
 * real notification server with Watched and Snooze, and a press does what it does in the app.
 * Skipped, saying why, without the Debian packages.
 */
const unavailable = missing()
if (unavailable && process.env.ONAIR_REQUIRE_NOTIFICATION_SERVER) {
  throw new Error(`ONAIR_REQUIRE_NOTIFICATION_SERVER is set, but ${unavailable}`)
}

describe.skipIf(unavailable !== undefined)(`onair run's reminders on Linux (${unavailable ?? 'dbusmock'})`, () => {
  let server: NotificationServer | undefined
  let emu: Emulator | undefined
  afterEach(async () => {
    server?.close()
    server = undefined
    await emu?.close()
    emu = undefined
  })

  const json = (dataDir: string, name: string) => {
    const path = join(dataDir, name)
    return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {}
  }

  /** `onair run` until its reminder reached the server, then `buttons` on it; `check` once they took effect. */
  async function pressOnReminder(
    buttons: string[],
    check: (dataDir: string, reminderId: number) => void,
    keep = false
  ) {
    server = await startNotificationServer(['body', 'body-markup', 'actions'], undefined, keep)
    emu = await startEmulator({ port: 0, soonSeconds: 3 })
    const dataDir = join(tempDir('onair-run-actions-'), 'data')
    const env = await signedInEnv(emu, dataDir)
    const run = spawnCli(['run', '--json', '--lead', '0'], { ...env, ...server.env })
    try {
      await run.line((l) => l.includes('"type":"reminder"'))
      const title = emu.media.work(emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!.workId)!.title
      const reminder = await server.callTitled(title)
      await server.waitForNotifyCalls(reminder.id)
      // No window to open: the buttons only, no default action.
      // At the start, "until it starts" is past: the second choice is 10 minutes.
      expect(reminder.actions).toEqual(['watched', 'Watched', 'snooze', 'Snooze 5 min', 'snooze:10', 'Snooze 10 min'])
      server.press(reminder.id, ...buttons)
      await vi.waitFor(() => check(dataDir, reminder.id), { timeout: 5_000 })
    } finally {
      run.child.kill('SIGINT')
      expect(await run.code).toBe(0)
    }
  }

  it('Snooze from the notification: the snooze is saved', async () => {
    await pressOnReminder(['snooze'], (dataDir) =>
      expect(Object.keys(json(dataDir, 'snoozes.json').snoozes ?? {})).toHaveLength(1)
    )
  }, 30_000)

  it('Watched from the notification: the episode is queued in the outbox', async () => {
    await pressOnReminder(['watched'], (dataDir) => expect(json(dataDir, 'outbox.json').entries).toHaveLength(1))
  }, 30_000)

  it('on a server that keeps a used notification (dunst): Watched after Snooze is recorded too', async () => {
    await pressOnReminder(
      ['snooze', 'watched'],
      (dataDir, reminderId) => {
        expect(Object.keys(json(dataDir, 'snoozes.json').snoozes ?? {})).toHaveLength(1)
        expect(json(dataDir, 'outbox.json').entries).toHaveLength(1)
        expect(server!.onScreen()).not.toContain(reminderId)
      },
      true
    )
  }, 30_000)
})
