import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { runTs } from './spawn-tsx'
import { tempDir } from '../../support/temp-dir'

/** One data folder, several processes: every change survives, none is applied twice. */
const Doc = z.object({ count: z.number(), marks: z.array(z.string()) })
const CHILD = resolve(import.meta.dirname, 'children/count.ts')

describe('a document shared by several processes', () => {
  it('keeps every transaction of the app (electron-store) and three commands (plain files) writing at once', async () => {
    const path = join(tempDir('onair-shared-'), 'doc.json')
    const writers = [
      ['app', 'electron-store'],
      ['a', 'files'],
      ['b', 'files'],
      ['c', 'files']
    ]
    const runs = await Promise.all(writers.map(([name, backend]) => runTs(CHILD, [path, name!, '40', backend!])))
    for (const r of runs) expect(r, r.stderr).toMatchObject({ code: 0 })
    const doc = Doc.parse(JSON.parse(readFileSync(path, 'utf8')))
    expect(doc.count).toBe(160)
    expect(new Set(doc.marks).size).toBe(160)
    expect(doc.marks.filter((m) => m.startsWith('app:'))).toHaveLength(40)
    expect(readdirSync(join(path, '..')).sort()).toEqual(['doc.json'])
  }, 60_000)
})
