import { closeFolderDatabases } from '../../../src/main/core/store/database'
import { savedDocument } from '../../support/saved-documents'
import { delimiter, join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { signedInEnv } from '../../support/signed-in-env'
import { fakeProgram } from '../cli/fake-program'
import { spawnCli } from '../cli/spawn-cli'
import { tempDir } from '../../support/temp-dir'
import { missing, startNotificationServer, type NotificationServer } from './notification-server'

/**
 * In `onair run` (the built command line, as a real process): its reminder reaches a
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
    closeFolderDatabases()
  })

  const snoozes = (dataDir: string) =>
    Object.keys(savedDocument<{ snoozes: object }>(dataDir, 'snoozes')?.snoozes ?? {})
  const outbox = (dataDir: string) => savedDocument<{ entries: unknown[] }>(dataDir, 'outbox')?.entries ?? []
  const history = (dataDir: string) =>
    (savedDocument<{ entries: { outcome: string }[] }>(dataDir, 'history')?.entries ?? []).map((e) => e.outcome)

  /**
   * `onair run` until its reminder reached the server, then `buttons` on it; `check` once they took
   * effect. The desktop's opener of links is a stand-in that writes down what it was given.
   */
  async function pressOnReminder(
    buttons: string[],
    check: (dataDir: string, reminderId: number, opened: string[][]) => void,
    keep = false
  ): Promise<number> {
    server = await startNotificationServer(['body', 'body-markup', 'body-hyperlinks', 'actions'], undefined, keep)
    emu = await startEmulator({ port: 0, soonSeconds: 3 })
    const root = tempDir('onair-run-actions-')
    const dataDir = join(root, 'data')
    const xdgOpen = fakeProgram(join(root, 'bin'), 'xdg-open')
    const env = await signedInEnv(emu, dataDir)
    const run = spawnCli(['run', '--json', '--lead', '0'], {
      ...env,
      ...server.env,
      DISPLAY: ':0',
      PATH: `${join(root, 'bin')}${delimiter}${process.env.PATH ?? ''}`
    })
    try {
      await run.line((l) => l.includes('"type":"reminder"'))
      const title = emu.media.work(emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!.workId)!.title
      const reminder = await server.callTitled(title)
      await server.waitForNotifyCalls(reminder.id)
      // No link in the body, whatever the server says it shows: the click opens the program in the app.
      expect(reminder.body).not.toContain('<a')
      // At the start, "until it starts" is past: the second choice is 10 minutes.
      expect(reminder.actions).toEqual([
        'default',
        'Open in Onair',
        'watched',
        'Watched',
        'snooze',
        'Snooze 5 min',
        'snooze:10',
        'Snooze 10 min'
      ])
      expect(reminder.expireTimeout).toBe(0)
      server.press(reminder.id, ...buttons)
      await vi.waitFor(
        () =>
          check(
            dataDir,
            reminder.id,
            xdgOpen.calls().map((c) => c.argv)
          ),
        { timeout: 5_000 }
      )
      return reminder.id
    } finally {
      run.child.kill('SIGINT')
      expect(await run.code).toBe(0)
    }
  }

  it('Snooze from the notification: the snooze is saved', async () => {
    await pressOnReminder(['snooze'], (dataDir) => expect(snoozes(dataDir)).toHaveLength(1))
  }, 30_000)

  it('a click on the notification opens the program in the app, through its onair:// link, and is kept in the reminder history', async () => {
    await pressOnReminder(['default'], (dataDir, _id, opened) => {
      expect(opened).toEqual([[`onair://program/${SOON_PROGRAM_ID}`]])
      // Kept as 'opened', as in the app: the act that stops "don't let me miss it" repeating it.
      expect(history(dataDir)).toContain('opened')
    })
  }, 30_000)

  it('a reminder nobody pressed waits on screen while onair run runs, and leaves with it', async () => {
    const id = await pressOnReminder([], (_dataDir, reminderId) => expect(server!.onScreen()).toContain(reminderId))
    expect(server!.onScreen()).not.toContain(id)
  }, 30_000)

  it('Watched from the notification: the episode is queued in the outbox', async () => {
    await pressOnReminder(['watched'], (dataDir) => expect(outbox(dataDir)).toHaveLength(1))
  }, 30_000)

  it('on a server that keeps a used notification (dunst): Watched after Snooze is recorded too', async () => {
    await pressOnReminder(
      ['snooze', 'watched'],
      (dataDir, reminderId) => {
        expect(snoozes(dataDir)).toHaveLength(1)
        expect(outbox(dataDir)).toHaveLength(1)
        expect(server!.onScreen()).not.toContain(reminderId)
      },
      true
    )
  }, 30_000)
})
