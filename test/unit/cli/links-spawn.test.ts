import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { runOnair } from './spawn-onair'
import { tempDir } from '../../support/temp-dir'
import { databaseFile } from '../../../src/main/core/store/data-files'
import { cliEnv } from '../../support/signed-in-env'

/** As a user meets them: the real `onair` and a link in a file's place. */
describe('onair and a link where its file should be (real process)', () => {
  let emu: Emulator
  let root: string
  let env: Record<string, string>
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
  })
  afterAll(() => emu.close())
  beforeEach(() => {
    root = tempDir('onair-links-cli-')
    mkdirSync(join(root, 'data'))
    mkdirSync(join(root, 'elsewhere'))
    env = cliEnv(emu, join(root, 'data'))
    return () => rmSync(root, { recursive: true, force: true })
  })

  it.each([
    ['a missing file', false],
    ['an existing file', true]
  ])('the database linked to %s: sign-in refuses in both languages, the token reaches no file', async (_, exists) => {
    const target = join(root, 'elsewhere', 'collected.db')
    if (exists) writeFileSync(target, '{}\n')
    const link = databaseFile(join(root, 'data'))
    symlinkSync(target, link)
    for (const [lang, words] of [
      ['C', 'is a link'],
      ['ja_JP.UTF-8', 'リンク']
    ] as const) {
      const run = await runOnair(['sign-in', '--token', emu.tokens.readWrite], { ...env, LANG: lang })
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(link)
      expect(run.stderr).toContain(words)
      expect(run.stderr).not.toMatch(/internal error|\n\s+at /)
    }
    if (exists) expect(readFileSync(target, 'utf8')).toBe('{}\n')
    else expect(existsSync(target)).toBe(false)
  })

  it('upcoming --ics to a link: refused, the link’s target untouched', async () => {
    expect((await runOnair(['sign-in', '--token', emu.tokens.readWrite], env)).code).toBe(0)
    const victim = join(root, 'elsewhere', 'calendar.ics')
    writeFileSync(victim, 'mine\n')
    const chosen = join(root, 'onair.ics')
    symlinkSync(victim, chosen)
    const run = await runOnair(['upcoming', '--ics', chosen], env)
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(chosen)
    expect(readFileSync(victim, 'utf8')).toBe('mine\n')
  })
})
