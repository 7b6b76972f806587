import { rmSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notifySendArgs } from '../../../src/main/cli/desktop-notifier'
import { openerCommand, systemOpener } from '../../../src/main/cli/open-browser'
import { processIo } from '../../../src/main/cli/stdio'
import { LAUNCHER_ENV_VARS, SECRET_ENV_VARS } from '../../../src/main/core/secret-env'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { fakeProgram, type ProgramCall } from './fake-program'
import { cliEnv, signedInEnv } from '../../support/signed-in-env'
import { spawnCli } from './spawn-cli'
import { tempDir } from '../../support/temp-dir'

/**
 * What Onair's children receive: notify-send and the browser opener get no secret in their
 * environment (a child's environment is readable by the user's other processes and passed on to
 * whatever it starts), nor the Node mode the packaged app's launcher runs the CLI in (a browser
 * keeping it would start every Electron app as plain Node), and the service's text always
 * arrives as text, never as an option.
 */
/** What the packaged app's launcher (build/bin/onair) sets for the command line. */
const LAUNCHED = { ELECTRON_RUN_AS_NODE: '1' }
const WIKI_TOKEN = 'wiki-token-that-must-stay-home'

function expectNoSecret(call: ProgramCall, secrets: string[]): void {
  for (const name of [...SECRET_ENV_VARS, ...LAUNCHER_ENV_VARS]) expect(call.env, name).not.toHaveProperty(name)
  const everything = JSON.stringify(call.env)
  for (const value of secrets) expect(everything).not.toContain(value)
}

describe('child processes of the real onair', () => {
  let emu: Emulator | undefined
  let root: string
  beforeEach(() => {
    root = tempDir('onair-children-')
  })
  afterEach(async () => {
    await emu?.close()
    emu = undefined
    rmSync(root, { recursive: true, force: true })
  })

  it('onair run: notify-send gets no secret, and a title like --icon=/etc/shadow arrives after -- as text', async () => {
    emu = await startEmulator({ port: 0, soonSeconds: 2 })
    const soon = emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!
    emu.media.work(soon.workId)!.title = '--icon=/etc/shadow'
    const env = { ...(await signedInEnv(emu, join(root, 'data'))), ONAIR_WIKI_TOKEN: WIKI_TOKEN, ...LAUNCHED }
    const notifySend = fakeProgram(join(root, 'bin'), 'notify-send')
    const run = spawnCli(['run', '--json', '--lead', '0'], {
      ...env,
      ONAIR_WIKI_URL: emu.baseUrl,
      PATH: `${join(root, 'bin')}${delimiter}${process.env.PATH ?? ''}`
    })
    try {
      await run.line((l) => l.includes('"type":"reminder"'))
      // The reminder's notification (a premiere of another work in the seed may have its own).
      const [call] = await vi.waitFor(() => {
        const calls = notifySend.calls().filter((c) => c.argv.includes('--icon=/etc/shadow'))
        expect(calls).toHaveLength(1)
        return calls
      })
      for (const c of notifySend.calls()) expectNoSecret(c, [emu.client.secret, WIKI_TOKEN])
      const end = call!.argv.indexOf('--')
      expect(end).toBeGreaterThan(-1)
      expect(call!.argv.slice(0, end).every((a) => a.startsWith('--'))).toBe(true)
      expect(call!.argv[end + 1]).toBe('--icon=/etc/shadow')
      expect(call!.argv).toHaveLength(end + 3)
    } finally {
      run.child.kill('SIGINT')
      await run.code
    }
  }, 20_000)

  it('onair sign-in: the browser opener gets the address and no secret', async () => {
    emu = await startEmulator({ port: 0 })
    const xdgOpen = fakeProgram(join(root, 'bin'), 'xdg-open')
    const signIn = spawnCli(
      ['sign-in'],
      cliEnv(emu, join(root, 'data'), {
        ONAIR_WIKI_URL: emu.baseUrl,
        ONAIR_WIKI_TOKEN: WIKI_TOKEN,
        DISPLAY: ':0',
        ...LAUNCHED,
        PATH: `${join(root, 'bin')}${delimiter}${process.env.PATH ?? ''}`
      })
    )
    try {
      const printed = await signIn.line((l) => l.startsWith('http'))
      const [call] = await vi.waitFor(() => {
        const calls = xdgOpen.calls()
        expect(calls).toHaveLength(1)
        return calls
      })
      expect(call!.argv).toEqual([printed])
      expectNoSecret(call!, [emu.client.secret, WIKI_TOKEN])
    } finally {
      signIn.child.kill('SIGINT')
      await signIn.code
    }
  }, 20_000)
})

describe('the process environment', () => {
  it("the CLI's own environment forgets the secrets once its Io has read them, and the launcher's Node mode", () => {
    const saved = { ...process.env }
    try {
      process.env.ONAIR_CLIENT_SECRET = 'client-secret'
      process.env.ONAIR_WIKI_TOKEN = WIKI_TOKEN
      process.env.ELECTRON_RUN_AS_NODE = '1'
      const io = processIo()
      expect(io.env).toMatchObject({ ONAIR_CLIENT_SECRET: 'client-secret', ONAIR_WIKI_TOKEN: WIKI_TOKEN })
      expect(process.env).not.toHaveProperty('ONAIR_CLIENT_SECRET')
      expect(process.env).not.toHaveProperty('ONAIR_WIKI_TOKEN')
      expect(process.env).not.toHaveProperty('ELECTRON_RUN_AS_NODE')
    } finally {
      process.env = saved
    }
  })
})

describe('notify-send arguments', () => {
  it('ends the options before the title and body, whatever they start with', () => {
    for (const title of ['--help', '-u', '--icon=/etc/shadow', '--']) {
      const args = notifySendArgs({ title, body: '-t 1' }, '/icon.png')
      expect(args.slice(-3)).toEqual(['--', title, '-t 1'])
      expect(args.indexOf('--')).toBe(args.length - 3)
    }
  })
})

describe('opening a web address', () => {
  const hostile = 'https://example.com/a|calc^x&y=%PATH%"z'

  it('on Windows: rundll32 by its full path with the address as one argument, no cmd.exe', () => {
    const cmd = openerCommand(hostile, 'win32', { SystemRoot: 'C:\\Windows' })
    expect(cmd).toEqual({
      command: 'C:\\Windows\\System32\\rundll32.exe',
      args: ['url.dll,FileProtocolHandler', hostile]
    })
    expect(JSON.stringify(openerCommand(hostile, 'win32', {}))).not.toMatch(/cmd|start/i)
  })

  it('macOS and Linux: the opener with the address alone; Linux without a display opens nothing', () => {
    expect(openerCommand(hostile, 'darwin', {})).toEqual({ command: 'open', args: [hostile] })
    expect(openerCommand(hostile, 'linux', { DISPLAY: ':0' })).toEqual({ command: 'xdg-open', args: [hostile] })
    expect(openerCommand(hostile, 'linux', { WAYLAND_DISPLAY: 'wayland-0' })?.command).toBe('xdg-open')
    expect(openerCommand(hostile, 'linux', {})).toBeUndefined()
  })

  it('only http(s) is handed to the opener, as the parsed address', async () => {
    const root = tempDir('onair-opener-')
    try {
      const xdgOpen = fakeProgram(root, 'xdg-open')
      const open = systemOpener({ DISPLAY: ':0', PATH: root, ONAIR_CLIENT_SECRET: 'client-secret' }, 'linux')
      for (const url of ['file://host/share/x', 'smb://host/share', 'javascript:alert(1)', '-https://x', 'onair://x'])
        await open(url)
      await open(' https://example.com/a b')
      const [call] = await vi.waitFor(() => {
        const calls = xdgOpen.calls()
        expect(calls).toHaveLength(1)
        return calls
      })
      expect(call!.argv).toEqual(['https://example.com/a%20b'])
      expect(call!.env).not.toHaveProperty('ONAIR_CLIENT_SECRET')
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
