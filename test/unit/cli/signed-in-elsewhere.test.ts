import { afterAll, beforeAll, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { startEmulator, type Emulator } from '../../emulator/index'
import { fakeIo } from '../../support/fake-io'
import { cliEnv, signedInEnv } from '../../support/signed-in-env'

/** A saved sign-in for one address, a command pointed at another: say so, not "not signed in". */
let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
})
afterAll(() => emu.close())

it('names both addresses, in English and Japanese, for whoami, run and upcoming; the saved address still works', async () => {
  const signedIn = await signedInEnv(emu)
  const other = 'http://127.0.0.1:9'
  for (const command of ['whoami', 'run', 'upcoming']) {
    const io = fakeIo({ ...signedIn, ONAIR_MEDIA_URL: other })
    expect(await runCli([command], io)).toBe(1)
    expect(io.stderr.join('\n')).toContain(`Signed in to ${emu.baseUrl}; this command is using ${other}`)
    expect(io.stderr.join('\n')).not.toContain('not signed in')
  }
  const ja = fakeIo({ ...signedIn, ONAIR_MEDIA_URL: other, LANG: 'ja_JP.UTF-8' })
  expect(await runCli(['whoami'], ja)).toBe(1)
  expect(ja.stderr.join('\n')).toContain(
    `${emu.baseUrl} にサインインしていますが、このコマンドは ${other} を使っています`
  )
  // Nothing was lost: the saved address answers as before.
  expect(await runCli(['whoami', '--json'], fakeIo(signedIn))).toBe(0)
})

it('without a saved sign-in it is the plain "not signed in"', async () => {
  const io = fakeIo(cliEnv(emu))
  expect(await runCli(['whoami'], io)).toBe(1)
  expect(io.stderr.join('\n')).toMatch(/not signed in/i)
  expect(io.stderr.join('\n')).not.toContain('Signed in to')
})
