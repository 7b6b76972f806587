import { realpathSync, statSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { SEEDED_READ_ONLY_CLIENT as READ_ONLY } from '../../emulator/oauth/store'
import { runCli } from '../../../src/main/cli/dispatch'
import { fakeIo } from '../../support/fake-io'
import { double } from '../../support/keyring-double.cjs'
import { personalDocumentsSaved, saveDocumentBody } from '../../support/saved-documents'
import { cliEnv } from '../../support/signed-in-env'

describe('onair commands (in process, against the emulator)', () => {
  let emu: Emulator
  let env: Record<string, string>
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, autoApprove: true })
  })
  afterAll(() => emu.close())

  const freshEnv = () => (env = cliEnv(emu))

  it('sign-in --token, whoami --json (exact shape), sign-out, then whoami fails', async () => {
    freshEnv()
    const signIn = fakeIo(env)
    expect(await runCli(['sign-in', '--token', emu.tokens.readWrite], signIn)).toBe(0)
    expect(signIn.stdout).toEqual([])
    expect(signIn.stderr.join('\n')).toContain('Signed in as user #1, scopes: read write')
    // In the credential store (here its stand-in), under this data folder's entries.
    const kept = () => double.items().filter((i) => i.service === `onair:${realpathSync(env.ONAIR_DATA_DIR!)}`)
    expect(kept().find((i) => i.account === 'mediaAccessToken')?.password).toContain(emu.tokens.readWrite)
    expect(statSync(env.ONAIR_DATA_DIR!).mode & 0o777).toBe(0o700)

    // Later commands need neither the address nor the secret again: both were kept.
    const later = { ONAIR_DATA_DIR: env.ONAIR_DATA_DIR }
    const who = fakeIo(later)
    expect(await runCli(['whoami', '--json'], who)).toBe(0)
    expect(who.stdout).toEqual(['{"user":{"id":1,"username":null,"name":null},"scopes":["read","write"]}'])

    saveDocumentBody(env.ONAIR_DATA_DIR!, 'outbox', '[]')
    const out = fakeIo(later)
    expect(await runCli(['sign-out'], out)).toBe(0)
    expect(out.stderr).toEqual(['Signed out.'])
    expect(personalDocumentsSaved(env.ONAIR_DATA_DIR!)).toEqual({})
    expect(kept().map((i) => i.account)).not.toContain('mediaAccessToken')
    const probe = await fetch(`${emu.baseUrl}/oauth/token/info`, {
      headers: { authorization: `Bearer ${emu.tokens.readWrite}` }
    })
    expect(probe.status).toBe(401)

    const after = fakeIo(later)
    expect(await runCli(['whoami'], after)).toBe(1)
    expect(after.stderr).toEqual(['You are not signed in. Sign in first.'])
  })

  it('sign-in --token - reads the token from stdin; a read-only token says how to get write access', async () => {
    freshEnv()
    const io = fakeIo(env, [emu.tokens.read])
    expect(await runCli(['sign-in', '--token', '-'], io)).toBe(0)
    expect(io.stderr.join('\n')).toContain('Sign in again and allow write access')
    const who = fakeIo(env)
    expect(await runCli(['whoami'], who)).toBe(0)
    expect(who.stdout).toEqual(['Signed in as user #1, scopes: read'])
  })

  it('a bad token fails with exit 1 and a clear message; nothing is saved', async () => {
    freshEnv()
    const io = fakeIo(env)
    expect(await runCli(['sign-in', '--token', 'nope'], io)).toBe(1)
    expect(io.stderr.join('\n')).toContain('does not accept this access token')
    expect(await runCli(['whoami'], fakeIo(env))).toBe(1)
  })

  it('sign-in --oob: prints the URL, reads the pasted code', async () => {
    freshEnv()
    // The "user" reads the code off the page the printed URL leads to.
    const code = async (url: string) => /id="authorization-code">([^<]+)</.exec(await (await fetch(url)).text())![1]!
    const io = fakeIo(env)
    io.readLine = async () => code(io.stdout[0]!)
    expect(await runCli(['sign-in', '--oob'], io)).toBe(0)
    expect(io.stdout).toHaveLength(1)
    expect(io.stdout[0]).toContain('redirect_uri=urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob')
  })

  it('sign-in in the loopback mode: one URL line, the browser opened, exit 0 once the callback came', async () => {
    freshEnv()
    const io = fakeIo(env)
    io.openBrowser = async (url) => {
      io.opened.push(url)
      // The emulator auto-approves, so following its redirect is what the browser would do.
      void fetch(url)
    }
    expect(await runCli(['sign-in'], io)).toBe(0)
    expect(io.stdout).toHaveLength(1)
    expect(io.opened).toEqual(io.stdout)
    expect(io.stderr.join('\n')).toContain('Signed in as user #1')
  })

  it('sign-in --no-browser prints the URL and opens no browser', async () => {
    freshEnv()
    const io = fakeIo(env)
    const signedIn = runCli(['sign-in', '--no-browser'], io)
    await expect.poll(() => io.stdout.length).toBe(1)
    // The user follows the printed URL themselves; the emulator auto-approves.
    void fetch(io.stdout[0]!)
    expect(await signedIn).toBe(0)
    expect(io.opened).toEqual([])
  })

  it('sign-in says before waiting that the registration needs write and what the scope error page means; --read-only asks for read alone', async () => {
    freshEnv()
    const io = fakeIo(env)
    io.openBrowser = async (url) => void fetch(url)
    expect(await runCli(['sign-in'], io)).toBe(0)
    const before = io.stderr.findIndex((l) => l.startsWith('Waiting for the browser'))
    expect(io.stderr.slice(0, before).join('\n')).toMatch(
      /registered "read write".*"The requested scope is invalid, unknown, or malformed\.".*onair sign-in --read-only/s
    )

    const readOnly = fakeIo({ ...freshEnv(), ONAIR_CLIENT_ID: READ_ONLY.id, ONAIR_CLIENT_SECRET: READ_ONLY.secret })
    readOnly.openBrowser = async (url) => void fetch(url)
    expect(await runCli(['sign-in', '--read-only'], readOnly)).toBe(0)
    expect(new URL(readOnly.stdout[0]!).searchParams.get('scope')).toBe('read')
    const said = readOnly.stderr.join('\n')
    expect(said).not.toContain('must be registered')
    expect(said).toMatch(/scopes: read\n.*Recording episodes and changing watching status are turned off/s)
  })

  it('usage errors exit 2: unknown command, unknown flag, extra argument, conflicting flags, bad config', async () => {
    freshEnv()
    const cases: [string[], Record<string, string>, string][] = [
      [['frobnicate'], env, 'Unknown command "frobnicate"'],
      [['whoami', '--bogus'], env, "Unknown option '--bogus'"],
      [['whoami', 'extra'], env, 'Unexpected arguments'],
      [['sign-in', '--oob', '--token', 'x'], env, 'cannot be used together'],
      [['whoami'], { ...env, ONAIR_MEDIA_URL: 'not-a-url' }, 'ONAIR_MEDIA_URL must be a web address'],
      [['whoami'], { ...env, ONAIR_MEDIA_URL: 'http://media.example' }, 'ONAIR_MEDIA_URL must start with https://'],
      [[], env, 'Usage: onair <command>']
    ]
    for (const [argv, e, message] of cases) {
      const io = fakeIo(e)
      expect(await runCli(argv, io), argv.join(' ')).toBe(2)
      expect(io.stderr.join('\n')).toContain(message)
    }
  })

  it('--help on every command documents options and exit codes, in Japanese under LANG=ja', async () => {
    for (const name of ['sign-in', 'whoami', 'sign-out']) {
      const io = fakeIo({})
      expect(await runCli([name, '--help'], io)).toBe(0)
      expect(io.stdout.join('\n')).toContain(`onair ${name}`)
      expect(io.stdout.join('\n')).toContain('Exit codes: 0 success, 1 failure')
    }
    const ja = fakeIo({ LANG: 'ja_JP.UTF-8' })
    expect(await runCli(['whoami', '--help'], ja)).toBe(0)
    expect(ja.stdout.join('\n')).toContain('終了コード')
  })

  it('sign-out when not signed in is a no-op that says so', async () => {
    freshEnv()
    const io = fakeIo(env)
    expect(await runCli(['sign-out'], io)).toBe(0)
    expect(io.stderr).toEqual(['You are not signed in; nothing to do.'])
  })
})
