import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { tempDir } from '../../support/temp-dir'
import { spawnCli } from '../cli/spawn-cli'
import { runOnair } from '../cli/spawn-onair'
import { secretServiceMissing, startSecretService, type SecretService } from './secret-service'
import { cliEnv } from '../../support/signed-in-env'

/**
 * The credential store as users have it on Linux: the built `onair` against gnome-keyring on a
 * private session bus (secret-service.ts), its items read back with secret-tool. Skipped, saying
 * why, without the Debian packages; CI installs them and sets ONAIR_REQUIRE_SECRET_SERVICE, which
 * makes their absence a failure instead.
 */
const unavailable = secretServiceMissing()
if (unavailable && process.env.ONAIR_REQUIRE_SECRET_SERVICE) {
  throw new Error(`ONAIR_REQUIRE_SECRET_SERVICE is set, but ${unavailable}`)
}

/** Every file under a folder, with its text. */
const texts = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => ({ name: d.name, text: readFileSync(join(d.parentPath, d.name), 'utf8') }))

describe.skipIf(unavailable !== undefined)(`a real Secret Service (${unavailable ?? 'gnome-keyring'})`, () => {
  let emu: Emulator | undefined
  let keyring: SecretService | undefined
  afterEach(async () => {
    keyring?.close()
    await emu?.close()
    keyring = undefined
    emu = undefined
  })

  const folder = () => join(tempDir('onair-keyring-cli-'), 'data')
  const serviceOf = (dataDir: string) => `onair:${realpathSync(dataDir)}`
  const envOf = (e: Emulator, dataDir: string, k: SecretService) =>
    // The real module, not the tests' double (spawn-cli.ts).
    cliEnv(e, dataDir, { ONAIR_TEST_REAL_KEYRING: '1', ...k.env })

  it('sign-in keeps the token there (secret-tool finds it) and in no file; another process is signed in by it; sign-out removes it', async () => {
    emu = await startEmulator({ port: 0 })
    keyring = await startSecretService()
    const dataDir = folder()
    const env = envOf(emu, dataDir, keyring)
    const token = emu.tokens.readWrite
    const signIn = await runOnair(['sign-in', '--token', '-'], env, token)
    expect(signIn.code, signIn.stderr).toBe(0)
    expect(JSON.parse(keyring.lookup(serviceOf(dataDir), 'mediaAccessToken')!)).toEqual({
      value: token,
      origin: new URL(emu.baseUrl).origin
    })
    expect(keyring.lookup(serviceOf(dataDir), 'mediaClientSecret')).toContain(emu.client.secret)
    for (const file of texts(dataDir)) expect(file.text, file.name).not.toContain(token)
    // Another process, without the client secret in its environment: the same entries sign it in.
    const { ONAIR_CLIENT_SECRET: _secret, ...plain } = env
    const whoami = await runOnair(['whoami', '--json'], plain)
    expect(whoami.code, whoami.stderr).toBe(0)
    expect(JSON.parse(whoami.stdout)).toMatchObject({ user: { id: expect.any(Number) } })
    const signOut = await runOnair(['sign-out'], plain)
    expect(signOut.code, signOut.stderr).toBe(0)
    expect(signOut.stderr).toContain('Signed out.')
    expect(keyring.lookup(serviceOf(dataDir), 'mediaAccessToken')).toBeUndefined()
    expect((await runOnair(['whoami'], plain)).code).toBe(1)
  })

  it('another data folder has entries of its own: signed in in one, not in the other', async () => {
    emu = await startEmulator({ port: 0 })
    keyring = await startSecretService()
    const one = folder()
    expect((await runOnair(['sign-in', '--token', '-'], envOf(emu, one, keyring), emu.tokens.readWrite)).code).toBe(0)
    const other = await runOnair(['whoami'], envOf(emu, folder(), keyring))
    expect(other.code).toBe(1)
    expect(other.stderr).toMatch(/not signed in/i)
  })

  it('no session bus: sign-in refuses and says what to do; --insecure-storage keeps a 0600 file, which doctor names', async () => {
    emu = await startEmulator({ port: 0 })
    keyring = await startSecretService()
    const dataDir = folder()
    // A real store asked for, with no bus to find it on (an SSH session, a server).
    const env = { ...envOf(emu, dataDir, keyring), DBUS_SESSION_BUS_ADDRESS: '' }
    const refused = await runOnair(['sign-in', '--token', '-'], env, emu.tokens.readWrite)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('No credential store is reachable')
    expect(refused.stderr).toContain('gnome-keyring-daemon --start --components=secrets')
    expect(refused.stderr).toContain('onair sign-in --insecure-storage')
    expect(refused.stderr).toContain('ONAIR_CLIENT_SECRET')
    const ja = await runOnair(['sign-in', '--token', '-'], { ...env, LANG: 'ja_JP.UTF-8' }, emu.tokens.readWrite)
    expect(ja.stderr).toContain('資格情報ストアに接続できません')
    const chosen = await runOnair(['sign-in', '--insecure-storage', '--token', '-'], env, emu.tokens.readWrite)
    expect(chosen.code, chosen.stderr).toBe(0)
    const file = join(dataDir, 'secrets.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8')).toContain(emu.tokens.readWrite)
    const doctor = await runOnair(['doctor'], env)
    expect(doctor.stdout).toContain(`Secrets: Stored unencrypted in ${file}`)
    expect(doctor.stdout).not.toContain(emu.tokens.readWrite)
  })

  it('a locked keyring: onair run says so once, and delivers reminders from the saved schedule meanwhile', async () => {
    emu = await startEmulator({ port: 0, soonSeconds: 15 })
    keyring = await startSecretService()
    const dataDir = folder()
    const env = envOf(emu, dataDir, keyring)
    expect((await runOnair(['sign-in', '--token', '-'], env, emu.tokens.readWrite)).code).toBe(0)
    // The schedule saved while the keyring was open, as a day of use leaves it.
    const upcoming = await runOnair(['upcoming'], env)
    expect(upcoming.code, upcoming.stderr).toBe(0)
    await keyring.lock()
    const run = spawnCli(['run', '--json', '--lead', '0'], env)
    try {
      const reminder = await run.line((l) => l.includes('"type":"reminder"'), 30_000)
      expect(JSON.parse(reminder)).toMatchObject({ type: 'reminder', programId: SOON_PROGRAM_ID })
      const said = run.stderr().split('The credential store is locked').length - 1
      expect(said, run.stderr()).toBe(1)
      expect(run.stderr()).toContain('reminders from the saved schedule go on meanwhile')
    } finally {
      run.child.kill('SIGINT')
    }
    expect(await run.code).toBe(0)
  }, 60_000)
})
