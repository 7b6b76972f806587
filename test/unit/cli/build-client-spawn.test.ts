import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { visit } from '../auth/helpers'
import { spawnCli } from './spawn-cli'
import { tempDir } from '../../support/temp-dir'

/**
 * A build that carries the service's OAuth client: the command line is bundled here
 * with ONAIR_BUILD_* naming the emulator's client, then run as a user runs it, with no Onair
 * variable but its data folder: `onair sign-in` signs in, and the secret is nowhere to be read but
 * in the bundle (not in the data folder, not in `onair config list`, not on the terminal).
 */
const root = resolve(import.meta.dirname, '../../..')
let emu: Emulator
let box: string
let entry: string

beforeAll(async () => {
  emu = await startEmulator({ port: 0, autoApprove: true })
  box = tempDir('onair-build-client-')
  const out = join(box, 'cli')
  await promisify(execFile)(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '-c',
      'cli.vite.config.ts',
      '--outDir',
      out,
      '--logLevel',
      'warn'
    ],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        ONAIR_BUILD_MEDIA_URL: emu.baseUrl,
        ONAIR_BUILD_CLIENT_ID: emu.client.id,
        ONAIR_BUILD_CLIENT_SECRET: emu.client.secret
      }
    }
  )
  entry = join(out, 'onair.cjs')
}, 120_000)
afterAll(() => emu.close())

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]
  )

describe('a build that carries the client', () => {
  it('signs in with no environment variables, and keeps the secret out of the data folder and the output', async () => {
    const env = { ONAIR_DATA_DIR: join(box, 'data') }
    const run = spawnCli(['sign-in', '--no-browser'], env, entry)
    const url = await run.line(() => true)
    expect(new URL(url).origin).toBe(emu.baseUrl)
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256')
    await visit(url)
    expect(await run.code).toBe(0)
    expect(run.stderr()).toContain('Signed in as user #1')

    const who = spawnCli(['whoami', '--json'], env, entry)
    expect(await who.code).toBe(0)
    expect(JSON.parse(who.stdout.join('\n'))).toMatchObject({ user: { id: 1 } })

    const list = spawnCli(['config', 'list'], env, entry)
    expect(await list.code).toBe(0)
    const printed = [run.stdout, run.stderr(), who.stdout, who.stderr(), list.stdout, list.stderr()].join('\n')
    expect(printed).not.toContain(emu.client.secret)
    expect(list.stdout.join('\n')).not.toContain(emu.client.id)
    for (const file of filesUnder(env.ONAIR_DATA_DIR))
      expect(readFileSync(file, 'utf8')).not.toContain(emu.client.secret)
  })

  it('the usual build carries none: without the environment there is nothing to sign in with', async () => {
    const run = spawnCli(['sign-in', '--no-browser'], { ONAIR_DATA_DIR: join(box, 'plain') })
    expect(await run.code).not.toBe(0)
    expect(run.stderr()).toContain('ONAIR_MEDIA_URL')
  })
})
