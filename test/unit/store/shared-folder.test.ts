import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { StoreLockError } from '../../../src/main/core/store/file-lock'
import { jsonFileStore, type CorruptFileReport } from '../../../src/main/core/store/json-file'
import { runTs } from './spawn-tsx'

/** One data folder, several processes: every change survives, none is applied twice. */
const Doc = z.object({ count: z.number(), marks: z.array(z.string()) })
const defaults = () => ({ count: 0, marks: [] as string[] })
const CHILD = resolve(import.meta.dirname, 'children/count.ts')

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'onair-shared-')), 'doc.json')

describe('a document shared by several processes', () => {
  it('keeps every transaction of four processes writing at once (nothing lost, nothing doubled)', async () => {
    const path = tempFile()
    const runs = await Promise.all(['a', 'b', 'c', 'd'].map((name) => runTs(CHILD, [path, name, '40'])))
    for (const r of runs) expect(r, r.stderr).toMatchObject({ code: 0 })
    const doc = Doc.parse(JSON.parse(readFileSync(path, 'utf8')))
    expect(doc.count).toBe(160)
    expect(new Set(doc.marks).size).toBe(160)
    expect(readdirSync(join(path, '..')).sort()).toEqual(['doc.json'])
  }, 60_000)

  it('a store sees what another store (another process) wrote, without being reopened', () => {
    const path = tempFile()
    const mine = jsonFileStore({ path, schema: Doc, defaults })
    const theirs = jsonFileStore({ path, schema: Doc, defaults })
    expect(mine.read().count).toBe(0)
    theirs.update((d) => ({ ...d, count: 7 }))
    expect(mine.read().count).toBe(7)
    // A transaction builds on the other's write, not on its own earlier copy.
    mine.update((d) => ({ ...d, count: d.count + 1 }))
    expect(theirs.read().count).toBe(8)
  })

  it('a failed change leaves memory as it was on disk', () => {
    const path = tempFile()
    const store = jsonFileStore({ path, schema: Doc, defaults })
    store.update(() => ({ count: 1, marks: ['kept'] }))
    expect(() =>
      store.update((d) => {
        d.marks.push('half-done')
        throw new Error('disk full')
      })
    ).toThrow('disk full')
    expect(store.read()).toEqual({ count: 1, marks: ['kept'] })
  })

  it('a lock left by a process that died mid-write is broken after the stale time', () => {
    const path = tempFile()
    mkdirSync(`${path}.lock`)
    const past = new Date(Date.now() - 60_000)
    utimesSync(`${path}.lock`, past, past)
    const store = jsonFileStore({ path, schema: Doc, defaults })
    expect(store.update((d) => ({ ...d, count: 1 })).count).toBe(1)
  })

  it('a lock held by a live process for too long ends in a bilingual error, nothing written', () => {
    const path = tempFile()
    writeFileSync(path, JSON.stringify({ count: 3, marks: [] }))
    mkdirSync(`${path}.lock`)
    const store = jsonFileStore({ path, schema: Doc, defaults, lock: { waitMs: 60 } })
    let error: unknown
    try {
      store.update((d) => ({ ...d, count: 99 }))
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(StoreLockError)
    expect((error as StoreLockError).userMessage.en).toContain('locked for too long')
    expect((error as StoreLockError).userMessage.ja).toContain('ロック')
    expect(JSON.parse(readFileSync(path, 'utf8')).count).toBe(3)
  })

  it('a corrupt file is moved aside and reported once, even when two stores find it', () => {
    const path = tempFile()
    writeFileSync(path, '{"count": 1, "mar')
    const reports: CorruptFileReport[] = []
    const a = jsonFileStore({ path, schema: Doc, defaults, onCorrupt: (r) => reports.push(r), now: () => 1 })
    const b = jsonFileStore({ path, schema: Doc, defaults, onCorrupt: (r) => reports.push(r), now: () => 2 })
    expect(a.read()).toEqual(defaults())
    expect(b.read()).toEqual(defaults())
    expect(reports.map((r) => r.movedTo)).toEqual([`${path}.corrupt-1`])
    expect(readFileSync(`${path}.corrupt-1`, 'utf8')).toBe('{"count": 1, "mar')
  })
})
