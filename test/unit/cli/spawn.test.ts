import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { visit } from '../auth/helpers'
import { spawnCli } from './spawn-cli'
import { runOnair } from './spawn-onair'
import { cliEnv } from '../../support/signed-in-env'

/**
 * The real `onair` binary as a user runs it. Few cases: each spawn costs about a second; the
 * in-process tests cover the rest.
 */
const onair = spawnCli
const firstLine = () => true

describe('onair binary', () => {
  let approving: Emulator
  let consenting: Emulator
  beforeAll(async () => {
    approving = await startEmulator({ port: 0, autoApprove: true })
    consenting = await startEmulator({ port: 0 })
  })
  afterAll(async () => {
    await approving.close()
    await consenting.close()
  })

  it('sign-in prints the URL as one line, the browser follows it, exit 0; whoami --json then works', async () => {
    const env = cliEnv(approving)
    const run = onair(['sign-in', '--no-browser'], env)
    const url = await run.line(firstLine)
    expect(new URL(url).pathname).toBe('/oauth/authorize')
    const page = await visit(url)
    expect(page.status).toBe(200)
    expect(await run.code).toBe(0)
    expect(run.stdout).toEqual([url])
    expect(run.stderr()).toContain('Signed in as user #1')

    const who = onair(['whoami', '--json'], { ONAIR_DATA_DIR: env.ONAIR_DATA_DIR })
    expect(await who.code).toBe(0)
    expect(JSON.parse(who.stdout.join('\n'))).toEqual({
      user: { id: 1, username: null, name: null },
      scopes: ['read', 'write']
    })
  })

  it('a denial in the browser exits 1 with the reason on stderr, in Japanese under LANG=ja', async () => {
    const run = onair(['sign-in', '--no-browser'], { ...cliEnv(consenting), LANG: 'ja_JP.UTF-8' })
    const page = await visit(await run.line(firstLine), 'deny')
    expect(page.body).toContain('サインインをキャンセルしました')
    expect(await run.code).toBe(1)
    expect(run.stderr()).toContain('アクセスが許可されなかった')
  })

  it('sign-in --token <token> works but warns, in both languages, that other users can read it; --token - does not', async () => {
    const warning = /other users of this computer \(in `ps`\).*onair sign-in --token -$/m
    for (const [lang, words] of [
      ['C', warning],
      ['ja_JP.UTF-8', /他のユーザーも（ps で）読める.*onair sign-in --token -$/m]
    ] as const) {
      const env = { ...cliEnv(approving), LANG: lang }
      const inArgs = await runOnair(['sign-in', '--token', approving.tokens.readWrite], env)
      expect(inArgs.code).toBe(0)
      expect(inArgs.stderr).toMatch(words)
      expect(inArgs.stdout).toBe('')
    }
    const piped = await runOnair(['sign-in', '--token', '-'], cliEnv(approving), `${approving.tokens.readWrite}\n`)
    expect(piped.code).toBe(0)
    expect(piped.stderr).toContain('Signed in as user #1')
    expect(piped.stderr).not.toMatch(/Warning/)
  })
})
