import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DATA_FILES, personalDataFiles } from '../../../src/main/core/store/data-files'

describe('the data folder table', () => {
  it('names each file once', () => {
    const names = Object.values(DATA_FILES).map((f) => f.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('signing out deletes the personal files, the outbox only when asked, and keeps settings and sign-in', () => {
    const names = (discard: boolean) => personalDataFiles(discard).map((f) => DATA_FILES[f].name)
    expect(names(false).sort()).toEqual([
      'inbox.json',
      'ledger.json',
      'premieres.json',
      'reminder-history.json',
      'schedule.json',
      'snoozes.json'
    ])
    expect(names(true).sort()).toEqual([...names(false), 'outbox.json'].sort())
  })

  it('is where the stores get their names: no file of the table is named elsewhere in src/main', async () => {
    const { execFileSync } = await import('node:child_process')
    const files = execFileSync('git', ['ls-files', 'src/main'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.ts'))
    const named = files.filter((f) => {
      if (f.endsWith('store/data-files.ts')) return false
      const code = readFileSync(f, 'utf8')
      return Object.values(DATA_FILES).some((d) => code.includes(`'${d.name}'`))
    })
    expect(named).toEqual([])
  })
})
