/**
 * The command line loads lazily (issue 25): `onair --help` and `onair --version` are answered by
 * the entry file alone, so they cost little more than starting Node, and each command's code is a
 * file of its own, read only when that command runs. Built by test/setup/build-cli.ts.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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
    expect(run(['--version'])).toMatchObject({ status: 0, stdout: `${version}\n` })
    // Without the commands beside it the entry cannot run one: they are not inside it.
    const config = run(['config', 'get', 'ui.locale', '--data-dir', join(scratch, 'data')])
    expect(config.status).not.toBe(0)
    expect(config.stderr).toMatch(/Cannot find module|ERR_MODULE_NOT_FOUND/)
  })

  it('keeps every library out of the entry: each is parsed only by the commands that use it', () => {
    const entry = readFileSync(join(root, 'out/cli/onair.cjs'), 'utf8')
    expect(entry.match(/^\/\/ node_modules\/\S+/gm) ?? []).toEqual([])
  })

  it("never loads Node's ES module loader: the entry and the chunks it requires are CommonJS", () => {
    // Node lists the internal modules it has loaded; a bare `node file.cjs` has only the loader's
    // shared helpers. An ES module entry, or an `import()` left in a chunk, would add
    // internal/modules/esm/loader and its kin (~4-5 ms of every start, BENCHMARKS.md issue 25).
    const probe = join(scratch, 'loaded.cjs')
    writeFileSync(
      probe,
      "process.on('exit', () => require('node:fs').writeSync(3, JSON.stringify(process.moduleLoadList)))"
    )
    const loaded = (args: string[]) => {
      const run = spawnSync(process.execPath, ['--require', probe, join(root, 'out/cli/onair.cjs'), ...args], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '' },
        stdio: ['ignore', 'pipe', 'pipe', 'pipe']
      })
      expect(run.status, run.stderr).toBe(0)
      return JSON.parse(String(run.output[3])) as string[]
    }
    for (const args of [['--help'], ['config', 'get', 'ui.locale', '--data-dir', join(scratch, 'data')]]) {
      const modules = loaded(args)
      expect(modules, args.join(' ')).toContain('NativeModule internal/modules/cjs/loader')
      expect(modules.filter((m) => m.startsWith('NativeModule internal/modules/esm/loader')), args.join(' ')).toEqual([])
    }
  })

  it('holds each command in a file of its own', () => {
    for (const { name } of COMMANDS) expect(existsSync(join(root, 'out/cli/commands', `${name}.cjs`)), name).toBe(true)
  })
})
