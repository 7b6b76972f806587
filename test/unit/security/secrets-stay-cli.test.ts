import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { runOnair } from '../cli/spawn-onair'
import { startTrap, type Trap } from './trap'
import { tempDir } from '../../support/temp-dir'

/**
 * A token or the client secret goes only to the address it was given for. `onair` runs
 * as real processes, signed in at the emulator; then the address is changed every way the
 * command line allows (onair config, the environment, a hand-edited settings.json), every command
 * that talks to a service runs, and a listener at the new address counts what carried a secret.
 */
let emu: Emulator
let trap: Trap
let dataDir: string
const secrets = () => [emu.tokens.readWrite, emu.tokens.wiki, emu.client.secret]

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  trap = await startTrap()
  dataDir = join(tempDir('onair-bound-'), 'data')
})
afterAll(async () => {
  await Promise.all([emu.close(), trap.close()])
})

const onair = (args: string[], env: Record<string, string> = {}, input?: string) =>
  runOnair(args, { ONAIR_DATA_DIR: dataDir, ...env }, input)

const settingsFile = () => join(dataDir, 'settings.json')
const editSettings = (services: Record<string, string>) =>
  writeFileSync(settingsFile(), JSON.stringify({ version: 1, services: { clientId: emu.client.id, ...services } }))

/** Every command that may send a request, none of which may carry a secret to the trap. */
const SENDING = [
  ['upcoming'],
  ['whoami'],
  ['works'],
  ['inbox'],
  ['status', '1', 'watching'],
  ['sign-in', '--oob'],
  ['sign-out']
]

describe('secrets stay with the address they were given for (real onair processes)', () => {
  it('signs in at the emulator (loopback http) with the token read from stdin', async () => {
    const signIn = await onair(
      ['sign-in', '--token', '-'],
      { ONAIR_MEDIA_URL: emu.baseUrl, ONAIR_CLIENT_ID: emu.client.id, ONAIR_CLIENT_SECRET: emu.client.secret },
      `${emu.tokens.readWrite}\n`
    )
    expect(signIn.code, signIn.stderr).toBe(0)
    expect((await onair(['whoami'])).code).toBe(0)
  })

  it('onair config does not change a service address', async () => {
    for (const key of ['services.mediaUrl', 'services.wikiUrl', 'services.clientId']) {
      const set = await onair(['config', 'set', key, trap.url])
      expect(set.code).toBe(2)
      expect(set.stderr).toContain(`${key} cannot be changed with onair config`)
      expect(set.stderr).toContain('onair config では変更できません')
    }
    expect((await onair(['config', 'get', 'services.mediaUrl'])).stdout.trim()).toBe('')
    expect((await onair(['whoami'])).code).toBe(0)
  })

  it('a hand-edited settings.json: signed out, told so in both languages, nothing sent there', async () => {
    editSettings({ mediaUrl: trap.url, wikiUrl: trap.url })
    for (const args of SENDING) await onair(args, {}, '\n')
    const upcoming = await onair(['upcoming'])
    expect(upcoming.code).toBe(1)
    expect(upcoming.stderr).toContain('Signed out: the service address changed')
    const ja = await onair(['whoami'], { LANG: 'ja_JP.UTF-8' })
    expect(ja.stderr).toContain('サインアウトしました: サービスのアドレスが変わりました')
    expect(trap.leaks(secrets())).toEqual([])
  })

  it('the environment: a new address gets no stored secret, and an env secret needs its own address', async () => {
    editSettings({ mediaUrl: emu.baseUrl })
    for (const args of SENDING) await onair(args, { ONAIR_MEDIA_URL: trap.url }, '\n')
    const wiki = await onair(['inbox'], { ONAIR_WIKI_URL: trap.url })
    expect(wiki.code).toBe(1)
    editSettings({ mediaUrl: trap.url, wikiUrl: trap.url })
    const unpaired = await onair(['inbox'], { ONAIR_WIKI_TOKEN: emu.tokens.wiki })
    expect(unpaired.code).toBe(2)
    expect(unpaired.stderr).toContain('ONAIR_WIKI_TOKEN is sent only to the address given with it')
    const secretWithoutAddress = await onair(['sign-in', '--oob'], { ONAIR_CLIENT_SECRET: emu.client.secret }, '\n')
    expect(secretWithoutAddress.code).toBe(2)
    expect(trap.leaks(secrets())).toEqual([])
  })

  it('a remote http:// address is refused everywhere; the saved file is kept as it was', async () => {
    const remote = 'http://media.example.invalid'
    editSettings({ mediaUrl: remote })
    const saved = readFileSync(settingsFile(), 'utf8')
    const atStart = await onair(['upcoming'])
    expect(atStart.code).toBe(1)
    expect(atStart.stderr).toContain('The saved media service address (services.mediaUrl) is refused')
    expect(atStart.stderr).toContain('https://')
    expect(readFileSync(settingsFile(), 'utf8')).toBe(saved)
    const fromEnv = await onair(['whoami'], { ONAIR_MEDIA_URL: remote })
    expect(fromEnv.code).toBe(2)
    expect(fromEnv.stderr).toContain('ONAIR_MEDIA_URL must start with https://')
  })

  it('back at the address it was given for, the sign-in works again: nothing was lost', async () => {
    editSettings({ mediaUrl: emu.baseUrl })
    const whoami = await onair(['whoami'])
    expect(whoami.code, whoami.stderr).toBe(0)
    expect(trap.leaks(secrets())).toEqual([])
  })
})
