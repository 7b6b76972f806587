import { afterEach, describe, expect, it } from 'vitest'
import { ledgerFile } from '../../../src/main/core/reminders/files'
import { closeFolderDatabases } from '../../../src/main/core/store/database'
import { settingsFileStore } from '../../../src/main/core/store/settings'
import { tempDir } from '../../support/temp-dir'
import { stepper, type Stepper } from './stepper'

/**
 * One data folder, several processes writing at once: the app (its settings through electron-store)
 * and three commands. Every change survives, none is applied twice, and a key every process claims
 * (a reminder every process would show) is claimed by exactly one.
 */
const started: Stepper[] = []
afterEach(async () => {
  // Each goes as a process ends by itself (its stdin closed), so the app's removes its folder.
  for (const s of started.splice(0)) await s.exited()
  closeFolderDatabases()
})

describe('a data folder shared by several processes', () => {
  it('keeps every transaction of the app and three commands writing at once, and doubles none', async () => {
    const dir = tempDir('onair-shared-')
    const N = 40
    const faces = ['app', 'cli', 'cli', 'cli'] as const
    const children = faces.map((face) => stepper(dir, face))
    started.push(...children)
    children.forEach((c, i) => c.send(`run ${i + 1}:${N}`))
    const won = (await Promise.all(children.map((c) => c.until(/^ran/)))).map((l) =>
      l.slice(4).split(',').filter(Boolean).map(Number)
    )

    const ledger = ledgerFile(dir).delivered()
    const own = faces.flatMap((_, c) => Array.from({ length: N }, (_, i) => `${c + 1}:${i}`))
    expect(own.filter((k) => !ledger.has(k))).toEqual([])
    // Each shared key went to exactly one process.
    expect(won.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i))
    const muted = settingsFileStore(dir).read().reminders.mutedWorkIds
    expect(muted.sort((a, b) => a - b)).toEqual(
      faces.flatMap((_, c) => [0, 10, 20, 30].map((i) => (c + 1) * 10_000 + i)).sort((a, b) => a - b)
    )
  }, 60_000)
})
