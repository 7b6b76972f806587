import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bodyForServer, escapeBodyMarkup } from '../../../src/main/core/notification-markup'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { signedInEnv } from '../../support/signed-in-env'
import { spawnCli } from '../cli/spawn-cli'
import { missing, startNotificationServer, type NotificationServer } from './notification-server'
import { tempDir } from '../../support/temp-dir'

/**
 * Linux notifications against a real notification server on a private session
 * bus. Where the server's packages are absent the server tests skip, saying which; CI installs them
 * and sets ONAIR_REQUIRE_NOTIFICATION_SERVER, which makes their absence a failure instead.
 */
const TITLE = 'Fish & Chips <i>live</i>'
const ESCAPED = 'Fish &amp; Chips &lt;i&gt;live&lt;/i&gt;'

describe('the body for a server that reads markup (pure)', () => {
  it('escapes &, < and > and nothing else', () => {
    expect(escapeBodyMarkup(TITLE)).toBe(ESCAPED)
    expect(escapeBodyMarkup('&amp; "quotes" \'single\' 日本語\n2行目')).toBe(
      '&amp;amp; "quotes" \'single\' 日本語\n2行目'
    )
  })

  it('escapes for a markup server and while it is not known; plain for a server without markup', () => {
    expect(bodyForServer(TITLE, new Set(['body', 'body-markup']))).toBe(ESCAPED)
    expect(bodyForServer(TITLE, undefined)).toBe(ESCAPED)
    expect(bodyForServer(TITLE, new Set(['body']))).toBe(TITLE)
  })
})

const unavailable = missing()
if (unavailable && process.env.ONAIR_REQUIRE_NOTIFICATION_SERVER) {
  throw new Error(`ONAIR_REQUIRE_NOTIFICATION_SERVER is set, but ${unavailable}`)
}

describe.skipIf(unavailable !== undefined)(`a real notification server (${unavailable ?? 'dbusmock'})`, () => {
  let server: NotificationServer | undefined
  let emu: Emulator | undefined
  let root: string
  beforeEach(() => {
    root = tempDir('onair-linux-notify-')
  })
  afterEach(async () => {
    server?.close()
    server = undefined
    await emu?.close()
    emu = undefined
  })

  /** `onair run` until its reminder of the soon program reached the server; that Notify call. */
  async function reminderThrough(srv: NotificationServer) {
    emu = await startEmulator({ port: 0, soonSeconds: 3 })
    const soon = emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!
    emu.media.work(soon.workId)!.title = `--help ${TITLE}`
    emu.media.episode(soon.episodeId!)!.title = TITLE
    const env = await signedInEnv(emu, join(root, 'data'))
    const run = spawnCli(['run', '--json', '--lead', '0'], { ...env, ...srv.env })
    try {
      await run.line((l) => l.includes('"type":"reminder"'))
      return await vi.waitFor(
        () => {
          // The reminder's, not another notification of the run (a premiere of the same data).
          const call = srv.notifyCalls().find((c) => c.summary === `--help ${TITLE}`)
          expect(call).toBeDefined()
          return call!
        },
        { timeout: 5_000 }
      )
    } finally {
      run.child.kill('SIGINT')
      await run.code
    }
  }

  it("onair run: the body escaped for a markup server, Onair's shipped icon and its desktop-entry hint", async () => {
    server = await startNotificationServer()
    const call = await reminderThrough(server)
    expect(call.appName).toBe('Onair')
    // The summary is plain text by the spec: sent as it is, an option-like start included.
    expect(call.summary).toBe(`--help ${TITLE}`)
    expect(call.body).toContain(ESCAPED)
    expect(call.body).not.toMatch(/<i>|& /)
    expect(call.icon).toMatch(/[\\/]resources[\\/]icon\.png$/)
    expect(existsSync(call.icon)).toBe(true)
    expect(call.hints['desktop-entry']).toBe('app.onair.Onair')
  }, 30_000)

  it('onair run: a server without body-markup gets the body as written', async () => {
    server = await startNotificationServer(['body', 'icon-static'])
    const call = await reminderThrough(server)
    expect(call.body).toContain(TITLE)
    expect(call.body).not.toContain('&amp;')
  }, 30_000)
})

describe('onair run on a bus Onair cannot open', () => {
  it('says on stderr why reminders come without buttons, and still prints them', async () => {
    const root = tempDir('onair-linux-plain-')
    const emu = await startEmulator({ port: 0, soonSeconds: 3 })
    const env = await signedInEnv(emu, join(root, 'data'))
    const bus = { DBUS_SESSION_BUS_ADDRESS: 'unix:abstract=/tmp/dbus-onair,guid=1' }
    const run = spawnCli(['run', '--json', '--lead', '0'], { ...env, ...bus })
    try {
      await run.line((l) => l.includes('"type":"reminder"'))
      expect(run.stderr()).toContain(
        'Notifications without buttons: the session bus is on an abstract socket (unix:abstract=, as older dbus-launch sessions set up)'
      )
    } finally {
      run.child.kill('SIGINT')
      await run.code
      await emu.close()
    }
  }, 30_000)
})
