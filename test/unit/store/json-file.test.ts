import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { jsonFileStore, type CorruptFileReport } from '../../../src/main/core/store/json-file'

const Settings = z.object({ leadMinutes: z.array(z.number()), locale: z.enum(['en', 'ja']).default('en') })
const defaults = () => ({ leadMinutes: [10, 0], locale: 'en' as const })

function tempFile(name = 'settings.json') {
  return join(mkdtempSync(join(tmpdir(), 'onair-store-')), name)
}

describe('jsonFileStore', () => {
  it('starts from defaults and keeps what was written across a restart', () => {
    const path = tempFile()
    const first = jsonFileStore({ path, schema: Settings, defaults })
    expect(first.read()).toEqual(defaults())
    first.update((s) => ({ ...s, leadMinutes: [5] }))
    const second = jsonFileStore({ path, schema: Settings, defaults })
    expect(second.read().leadMinutes).toEqual([5])
  })

  it('writes files only the user can read', () => {
    const path = tempFile()
    jsonFileStore({ path, schema: Settings, defaults }).write(defaults())
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readdirSync(join(path, '..')).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('moves a corrupt file aside, reports it, and starts from defaults', () => {
    const path = tempFile()
    writeFileSync(path, '{"leadMinutes": [10, 0')
    const reports: CorruptFileReport[] = []
    const store = jsonFileStore({ path, schema: Settings, defaults, onCorrupt: (r) => reports.push(r), now: () => 42 })
    expect(store.read()).toEqual(defaults())
    expect(reports).toHaveLength(1)
    expect(reports[0]!.movedTo).toBe(`${path}.corrupt-42`)
    expect(readFileSync(`${path}.corrupt-42`, 'utf8')).toBe('{"leadMinutes": [10, 0')
  })

  it('treats a file of the wrong shape as corrupt instead of trusting it', () => {
    const path = tempFile()
    writeFileSync(path, JSON.stringify({ leadMinutes: 'soon' }))
    const reports: CorruptFileReport[] = []
    const store = jsonFileStore({ path, schema: Settings, defaults, onCorrupt: (r) => reports.push(r) })
    expect(store.read().leadMinutes).toEqual([10, 0])
    expect(reports[0]!.reason).toContain('leadMinutes')
  })

  it('runs migrations on the raw document before validating it', () => {
    const path = tempFile()
    writeFileSync(path, JSON.stringify({ lead: 15 }))
    const store = jsonFileStore({
      path,
      schema: Settings,
      defaults,
      migrate: (raw) => {
        const r = raw as { lead?: number; leadMinutes?: number[] }
        return r.leadMinutes ? r : { leadMinutes: [r.lead ?? 10] }
      }
    })
    expect(store.read()).toEqual({ leadMinutes: [15], locale: 'en' })
  })
})
