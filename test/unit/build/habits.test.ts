/**
 * Two habits the tools keep, like the layers (layers.test.ts): the main process reads the time
 * only through a Clock, and a test makes its temp folders only through test/support/temp-dir.ts.
 * Each breach below is linted as if it stood in the file named, with the project's own ESLint
 * configuration, and must be refused; the right way beside it passes.
 */
import { resolve } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../../..') })

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file })
  return result!.messages.filter((m) => m.ruleId?.includes('restricted')).map((m) => m.message)
}

describe('no clock read outside the clock in src/main', () => {
  it.each([
    ['src/main/core/reminders/wrong.ts', 'export const at = Date.now()\n'],
    ['src/main/cli/commands/wrong.ts', 'export const now = Date.now\n'],
    ['src/main/shell/wrong.ts', 'export const today = new Date()\n'],
    ['src/main/core/wrong.ts', 'export const text = Date()\n'],
    ['src/main/core/http/wrong.ts', 'export const t = performance.now()\n'],
    ['src/main/cli/wrong.ts', 'export const t = process.hrtime.bigint()\n']
  ])('%s: %s is refused', async (file, code) => {
    expect(await refusals(file, code)).toEqual([expect.stringContaining('through a Clock')])
  })

  it('a date from a given time, and the clock itself, pass', async () => {
    const right = "import { systemClock } from '../clock'\nexport const d = new Date(systemClock.now())\n"
    expect(await refusals('src/main/core/reminders/right.ts', right)).toEqual([])
    expect(await refusals('src/main/core/clock.ts', 'export const now = () => Date.now()\n')).toEqual([])
  })
})

describe('no temp folder made outside temp-dir.ts in test/ and bench/', () => {
  it.each([
    ['test/unit/store/wrong.test.ts', "import { mkdtempSync } from 'node:fs'\nvoid mkdtempSync\n"],
    ['test/unit/cli/wrong.test.ts', "import { mkdtemp } from 'node:fs/promises'\nvoid mkdtemp\n"],
    ['test/e2e/wrong.ts', "export const made = import('node:fs').then((fs) => fs.mkdtempSync('x'))\n"],
    ['bench/wrong.bench.ts', "import { mkdtempSync } from 'fs'\nvoid mkdtempSync\n"]
  ])('%s is refused', async (file, code) => {
    expect(await refusals(file, code)).toEqual([expect.stringContaining('tempDir()')])
  })

  it('tempDir() passes, and temp-dir.ts itself may call mkdtempSync', async () => {
    const right = "import { tempDir } from '../../support/temp-dir'\nvoid tempDir('onair-x-')\n"
    expect(await refusals('test/unit/store/right.test.ts', right)).toEqual([])
    const own = "import { mkdtempSync } from 'node:fs'\nvoid mkdtempSync\n"
    expect(await refusals('test/support/temp-dir.ts', own)).toEqual([])
  })
})
