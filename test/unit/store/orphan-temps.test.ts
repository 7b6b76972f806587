import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { ABANDONED_MS, isOrphanTemp, sweepOrphanTemps, tempWriter } from '../../../src/main/core/store/orphan-temps'
import { runOnair } from '../cli/spawn-onair'
import { tempDir } from '../../support/temp-dir'

/** Issue 27, item 2: what killed writers left is removed at the next start; what is being written is not. */
const NOW = Date.parse('2026-11-24T18:00:00Z')
const HEX16 = '0123456789abcdef'

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  return child.pid!
}

describe('which temporary file is an orphan (pure)', () => {
  const gone = (pid: number) => pid === 4242

  it('reads the writer from each writer’s naming, and nothing from other names', () => {
    expect(tempWriter(`schedule.json.tmp-4242-${HEX16}`)).toEqual({ pid: 4242 })
    expect(tempWriter('schedule.json.4242-7.tmp')).toEqual({ pid: 4242 })
    expect(tempWriter('secrets.json.tmp-1764007200a1b2c3')).toEqual({})
    for (const name of [
      'schedule.json',
      'schedule.json.lock',
      'schedule.json.corrupt-1764007200000',
      'notes.tmp',
      'a.tmp-x'
    ])
      expect(tempWriter(name), name).toBeUndefined()
  })

  it('orphan: its writer is gone, or it has not changed for a minute; in flight otherwise', () => {
    expect(isOrphanTemp(`a.json.tmp-4242-${HEX16}`, 0, gone)).toBe(true)
    expect(isOrphanTemp('a.json.4242-0.tmp', 0, gone)).toBe(true)
    expect(isOrphanTemp(`a.json.tmp-77-${HEX16}`, ABANDONED_MS - 1, gone)).toBe(false)
    expect(isOrphanTemp(`a.json.tmp-77-${HEX16}`, ABANDONED_MS, gone)).toBe(true)
    expect(isOrphanTemp('a.json.tmp-1764007200a1b2c3', ABANDONED_MS - 1, gone)).toBe(false)
    expect(isOrphanTemp('a.json.tmp-1764007200a1b2c3', ABANDONED_MS, gone)).toBe(true)
    expect(isOrphanTemp('a.json', 10 * ABANDONED_MS, gone)).toBe(false)
  })
})

describe('sweeping a data folder', () => {
  let dir: string
  beforeEach(() => {
    dir = tempDir('onair-orphans-')
  })

  /** A file as a writer left it, last changed `ageMs` before NOW. */
  const plant = (name: string, ageMs: number, text = '{"half": ') => {
    writeFileSync(join(dir, name), text)
    const at = (NOW - ageMs) / 1000
    utimesSync(join(dir, name), at, at)
  }

  it('removes the orphans, keeps the one being written and everything that is no temporary file', () => {
    const dead = deadPid()
    const live = process.pid
    plant('schedule.json', 3_600_000, '{}')
    plant(`schedule.json.tmp-${dead}-${HEX16}`, 1_000)
    plant(`secrets.json.tmp-${dead}-fedcba9876543210`, 0, '')
    plant(`outbox.json.${dead}-3.tmp`, 5_000)
    plant('inbox.json.tmp-1764007200a1b2c3', 2 * ABANDONED_MS)
    plant(`ledger.json.tmp-${live}-${HEX16}`, 2 * ABANDONED_MS)
    const inFlight = `outbox.json.tmp-${live}-fedcba9876543210`
    plant(inFlight, 100)
    const olderInFlight = 'settings.json.tmp-1764007200d4e5f6'
    plant(olderInFlight, 1_000)
    plant('notes.txt', 3_600_000)
    mkdirSync(join(dir, `x.json.tmp-${dead}-${HEX16}`))
    expect(sweepOrphanTemps(dir, NOW).sort()).toEqual(
      [
        `schedule.json.tmp-${dead}-${HEX16}`,
        `secrets.json.tmp-${dead}-fedcba9876543210`,
        `outbox.json.${dead}-3.tmp`,
        'inbox.json.tmp-1764007200a1b2c3',
        `ledger.json.tmp-${live}-${HEX16}`
      ].sort()
    )
    expect(readdirSync(dir).sort()).toEqual(
      ['schedule.json', inFlight, olderInFlight, 'notes.txt', `x.json.tmp-${dead}-${HEX16}`].sort()
    )
  })

  it('an orphan’s name holding a link: the link goes, what it points at stays', () => {
    const target = join(dir, 'elsewhere.txt')
    writeFileSync(target, 'mine')
    symlinkSync(target, join(dir, `doc.json.tmp-${deadPid()}-${HEX16}`))
    expect(sweepOrphanTemps(dir, Date.now())).toHaveLength(1)
    expect(readdirSync(dir)).toEqual(['elsewhere.txt'])
  })

  it('removes the receipts earlier versions kept beside documents, and nothing else named so', () => {
    plant('settings.json', 0, '{}')
    plant('settings.json.receipt', 0, '{}')
    plant('ledger.json.receipt', 3_600_000, '{}')
    plant('notes.receipt', 0, '')
    expect(sweepOrphanTemps(dir, NOW).sort()).toEqual(['ledger.json.receipt', 'settings.json.receipt'])
    expect(readdirSync(dir).sort()).toEqual(['notes.receipt', 'settings.json'])
  })

  it('a folder that does not exist yet has nothing to sweep', () => {
    expect(sweepOrphanTemps(join(dir, 'missing'), NOW)).toEqual([])
  })
})

describe('a clean start of the real onair after crashes', () => {
  it('removes what killed writers and earlier versions left, never reads it as data, and keeps the one in flight', async () => {
    const root = tempDir('onair-orphans-cli-')
    const data = join(root, 'data')
    mkdirSync(data)
    const dead = deadPid()
    // A settings write that was killed after its text was complete, and one torn in half.
    const orphans = [`settings.json.tmp-${dead}-${HEX16}`, `schedule.json.tmp-${dead}-fedcba9876543210`]
    writeFileSync(join(data, orphans[0]!), JSON.stringify({ reminders: { leadMinutes: [42] } }))
    writeFileSync(join(data, orphans[1]!), '{"programs": [')
    const old = 'outbox.json.tmp-1764007200a1b2c3'
    writeFileSync(join(data, old), '')
    const at = (Date.now() - 2 * ABANDONED_MS) / 1000
    utimesSync(join(data, old), at, at)
    // Being written now by a live process (this test's).
    const inFlight = `outbox.json.tmp-${process.pid}-${HEX16}`
    writeFileSync(join(data, inFlight), '[')
    // What an earlier version kept beside a document it had validated.
    writeFileSync(join(data, 'schedule.json.receipt'), '{}')
    const run = await runOnair(['config', 'get', 'reminders.leadMinutes'], { ONAIR_DATA_DIR: data })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).not.toContain('42')
    for (const name of [...orphans, old, 'schedule.json.receipt'])
      expect(existsSync(join(data, name)), name).toBe(false)
    expect(existsSync(join(data, inFlight))).toBe(true)
  })
})
