/**
 * The command line loads lazily: `onair --help` and `onair --version` are answered by
 * the entry file alone, so they cost little more than starting Node, and each command's code is a
 * file of its own, read only when that command runs. Built by test/setup/build-cli.ts.
 * What the user perceives of it, the start time as a ratio to a bare `node -e 0`, is the bench's
 * (bench/cli.bench.ts, goal ≤ 1.3× for --help): on a loaded machine a wall-time bound in a test
 * either flakes or is too loose to catch anything the structure checked here would not.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { COMMANDS } from '../../../src/main/cli/registry'
import { tempDir } from '../../support/temp-dir'

const root = resolve(import.meta.dirname, '../../..')
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version
const scratch = tempDir('onair-entry-')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the built command line', () => {
  it('answers --help and --version from its entry file alone; a command needs its own file', () => {
    const entry = join(scratch, 'onair.cjs')
    copyFileSync(join(root, 'out/cli/onair.cjs'), entry)
    const run = (args: string[]) =>
      spawnSync(process.execPath, [entry, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } })

    const help = run(['--help'])
    expect(help.status).toBe(0)
    for (const { name } of COMMANDS) expect(help.stdout).toContain(name)
    // The running Node.js beside the supported range (package.json engines.node).
    expect(run(['--version'])).toMatchObject({
      status: 0,
      stdout: `${version}\nNode.js ${process.versions.node} (supported: 22.13.0 or later)\n`
    })
    // Without the commands beside it the entry cannot run one: they are not inside it.
    const config = run(['config', 'get', 'ui.locale', '--data-dir', join(scratch, 'data')])
    expect(config.status).not.toBe(0)
    expect(config.stderr).toMatch(/Cannot find module|ERR_MODULE_NOT_FOUND/)
  })

  it('keeps every library out of the entry: each is parsed only by the commands that use it', () => {
    const entry = readFileSync(join(root, 'out/cli/onair.cjs'), 'utf8')
    expect(entry.match(/^\/\/ node_modules\/\S+/gm) ?? []).toEqual([])
  })

  it('holds each command in a file of its own', () => {
    for (const { name } of COMMANDS) expect(existsSync(join(root, 'out/cli/commands', `${name}.cjs`)), name).toBe(true)
  })
})
