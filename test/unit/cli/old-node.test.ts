/**
 * `onair` on a Node.js older than package.json's `engines.node` (the system Node of this machine
 * and of CI's container is 20): one paragraph in the user's language and exit 1, no stack trace,
 * and nothing done. The built entry run by that Node as a user's shell would run it.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeFloor, supportsNode, unsupportedNode } from '../../../src/main/cli/version'
import { tempDir } from '../../support/temp-dir'
import { CLI_ENTRY } from './spawn-cli'

const engines = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { engines: { node: string } }
).engines.node

/** The first Node.js on the system below the floor, with its version. */
function olderNode(): { path: string; version: string } | undefined {
  const candidates = [
    '/usr/bin/node',
    '/usr/local/bin/node',
    ...(process.env.PATH ?? '').split(':').map((d) => join(d, 'node'))
  ]
  for (const path of new Set(candidates)) {
    if (!existsSync(path)) continue
    const version = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim()
    if (version && !supportsNode(version)) return { path, version }
  }
  return undefined
}

describe('the supported Node.js range', () => {
  it('is one floor, the first 22.x with node:sqlite unflagged', () => {
    expect(engines).toBe('>=22.13.0')
    expect(nodeFloor()).toBe('22.13.0')
    for (const v of ['22.13.0', '22.13.1', '22.20.0', '23.0.0', '24.18.1', '26.1.0'])
      expect(supportsNode(v), v).toBe(true)
    for (const v of ['22.12.0', '22.9.9', '21.7.3', '20.20.2', '18.19.0']) expect(supportsNode(v), v).toBe(false)
  })
})

const old = olderNode()
const why = 'no Node.js older than the supported floor on this system (CI: its container brings Node 20)'
if (!old && process.env.ONAIR_REQUIRE_OLD_NODE === '1') throw new Error(`ONAIR_REQUIRE_OLD_NODE=1: ${why}`)

describe.skipIf(!old)(`onair on an older Node.js (${old ? `${old.version}, ${old.path}` : why})`, () => {
  const run = (args: string[], lang: string) => {
    const dataDir = join(tempDir('onair-old-node-'), 'data')
    const r = spawnSync(old!.path, [CLI_ENTRY, ...args, '--data-dir', dataDir], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LANG: lang }
    })
    return { ...r, dataDir }
  }

  it('says in English which Node.js to install, exits 1 and changes nothing', () => {
    const r = run(['config', 'set', 'ui.locale', 'ja'], 'en_US.UTF-8')
    expect(r.status).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(`${unsupportedNode(old!.version, old!.path, 'en')}\n`)
    expect(r.stderr).toContain(`needs Node.js 22.13.0 or later, and this is Node.js ${old!.version}`)
    expect(existsSync(r.dataDir)).toBe(false)
  })

  it('says it in Japanese to a Japanese terminal, for every command alike (run, --help)', () => {
    for (const args of [['run'], ['--help']]) {
      const r = run(args, 'ja_JP.UTF-8')
      expect(r.status, args.join(' ')).toBe(1)
      expect(r.stderr).toBe(`${unsupportedNode(old!.version, old!.path, 'ja')}\n`)
      expect(r.stderr).toContain('Node.js 22.13.0 以降が必要です')
      expect(r.stderr).not.toMatch(/^\s+at /m)
    }
  })
})
