/**
 * The one warning electron-updater's Windows signature check causes on Node 24 (DEP0190, a spawn
 * with `shell` and arguments: shell/updater.ts says why it is on purpose there) is dropped around
 * that call alone; any other warning still reaches the user's log.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { withoutWarning } from '../../../src/main/shell/quiet-warning'

const SHELL_WITH_ARGS = "require('node:child_process').execFileSync('echo', ['signed'], { shell: true })"
const major = Number(process.versions.node.split('.')[0])

describe('withoutWarning', () => {
  const seen: string[] = []
  const listen = (w: Error & { code?: string }) => seen.push(w.code ?? w.name)
  process.on('warning', listen)
  afterEach(() => (seen.length = 0))

  it.skipIf(major < 24)('is needed: Node 24 warns about a spawn with shell and arguments (DEP0190)', () => {
    const bare = spawnSync(process.execPath, ['-e', SHELL_WITH_ARGS], { encoding: 'utf8' })
    expect(bare.stderr).toContain('[DEP0190] DeprecationWarning')
  })

  it('drops that warning around the call, keeps the call and its result, and lets others through', async () => {
    const out = withoutWarning('DEP0190', () => {
      process.emitWarning('something else', { code: 'ONAIR_OTHER' })
      return execFileSync('echo', ['signed'], { shell: true, encoding: 'utf8' })
    })
    expect(out.trim()).toBe('signed')
    await new Promise((res) => setImmediate(res))
    expect(seen).toEqual(['ONAIR_OTHER'])
  })

  it('puts Node’s own warning back afterwards, also when the call throws', async () => {
    const emit = process.emitWarning
    expect(() =>
      withoutWarning('DEP0190', () => {
        throw new Error('verification failed')
      })
    ).toThrow('verification failed')
    expect(process.emitWarning).toBe(emit)
    process.emitWarning('after', 'DeprecationWarning', 'DEP0190')
    await new Promise((res) => setImmediate(res))
    expect(seen).toEqual(['DEP0190'])
  })
})
