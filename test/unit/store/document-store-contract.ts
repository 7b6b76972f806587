import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { DocumentBackend } from '../../../src/main/core/store/document-backend'
import { StoreLockError } from '../../../src/main/core/store/file-lock'
import { jsonFileStore, type JsonFileOptions } from '../../../src/main/core/store/document'
import type { CorruptFileReport } from '../../../src/main/core/store/database'
import { tempDir } from '../../support/temp-dir'

/**
 * What every document store promises, whichever backend keeps its text: plain files (Node,
 * test/unit/store/json-file.test.ts) or electron-store (the app, test/unit/shell/electron-store.test.ts).
 */
const Settings = z.object({ leadMinutes: z.array(z.number()), locale: z.enum(['en', 'ja']).default('en') })
const defaults = () => ({ leadMinutes: [10, 0], locale: 'en' as const })

const tempFile = (name = 'settings.json') => join(tempDir('onair-store-'), name)

/** A file as every earlier Onair wrote it (one-space JSON, final newline): data folders in use. */
const EARLIER_TEXT = '{\n "leadMinutes": [\n  5,\n  30\n ],\n "locale": "ja"\n}\n'

export function documentStoreContract(name: string, backend: () => DocumentBackend): void {
  type Options = Omit<JsonFileOptions<typeof Settings>, 'schema' | 'defaults' | 'backend'>
  const open = (path: string, options: Omit<Options, 'path'> = {}) =>
    jsonFileStore({ path, schema: Settings, defaults, backend: backend(), ...options })
  const reporting = (path: string, reports: CorruptFileReport[], now = 42) =>
    open(path, { onCorrupt: (r) => reports.push(r), now: () => now })

  describe(`a document store over ${name}`, () => {
    it('starts from defaults and keeps what was written across a restart', () => {
      const path = tempFile()
      const first = open(path)
      expect(first.read()).toEqual(defaults())
      first.update((s) => ({ ...s, leadMinutes: [5] }))
      expect(open(path).read().leadMinutes).toEqual([5])
    })

    it('reads a data folder written by earlier versions unchanged, and writes the same format', () => {
      const path = tempFile()
      writeFileSync(path, EARLIER_TEXT)
      const store = open(path)
      expect(store.read()).toEqual({ leadMinutes: [5, 30], locale: 'ja' })
      store.update((s) => ({ ...s, leadMinutes: [30, 5] }))
      expect(readFileSync(path, 'utf8')).toBe(EARLIER_TEXT.replace('5,\n  30', '30,\n  5'))
    })

    it('reads a file an editor saved with a byte order mark', () => {
      const path = tempFile()
      writeFileSync(path, `\uFEFF${EARLIER_TEXT}`)
      expect(open(path).read().locale).toBe('ja')
    })

    it('writes files only the user can read, with no temporary file left beside them', () => {
      const path = tempFile()
      open(path).write(defaults())
      expect(statSync(path).mode & 0o777).toBe(0o600)
      expect(readdirSync(join(path, '..'))).toEqual(['settings.json'])
    })

    it('moves a corrupt file aside, reports it, and starts from defaults', () => {
      const path = tempFile()
      writeFileSync(path, '{"leadMinutes": [10, 0')
      const reports: CorruptFileReport[] = []
      const store = reporting(path, reports)
      expect(store.read()).toEqual(defaults())
      expect(reports).toEqual([
        { path, movedTo: `${path}.corrupt-42`, reason: expect.stringMatching(/^not valid JSON/) }
      ])
      expect(readFileSync(`${path}.corrupt-42`, 'utf8')).toBe('{"leadMinutes": [10, 0')
      // The next change writes a fresh file; the one moved aside stays as it was.
      store.update((s) => ({ ...s, locale: 'ja' }))
      expect(open(path).read().locale).toBe('ja')
      expect(readFileSync(`${path}.corrupt-42`, 'utf8')).toBe('{"leadMinutes": [10, 0')
    })

    it('treats a file of the wrong shape as corrupt instead of trusting it', () => {
      const path = tempFile()
      writeFileSync(path, JSON.stringify({ leadMinutes: 'soon' }))
      const reports: CorruptFileReport[] = []
      expect(reporting(path, reports).read().leadMinutes).toEqual([10, 0])
      expect(reports[0]!.reason).toContain('leadMinutes')
    })

    // conf reads a file holding an array or `null` as an empty store: here it is a corrupt file.
    it.each(['[5, 30]', 'null', '"ja"'])('does not take %s for an empty document', (text) => {
      const path = tempFile()
      writeFileSync(path, text)
      const reports: CorruptFileReport[] = []
      expect(reporting(path, reports).read()).toEqual(defaults())
      expect(reports).toHaveLength(1)
      expect(readFileSync(`${path}.corrupt-42`, 'utf8')).toBe(text)
    })

    it('a store sees what another store (another process) wrote, without being reopened', () => {
      const path = tempFile()
      const mine = open(path)
      const theirs = open(path)
      expect(mine.read().leadMinutes).toEqual([10, 0])
      theirs.update((d) => ({ ...d, leadMinutes: [7] }))
      expect(mine.read().leadMinutes).toEqual([7])
      // A transaction builds on the other's write, not on its own earlier copy.
      mine.update((d) => ({ ...d, leadMinutes: [...d.leadMinutes, 8] }))
      expect(theirs.read().leadMinutes).toEqual([7, 8])
    })

    it('a failed change leaves memory as it was on disk', () => {
      const path = tempFile()
      const store = open(path)
      store.update(() => ({ leadMinutes: [1], locale: 'en' }))
      expect(() =>
        store.update((d) => {
          d.leadMinutes.push(2)
          throw new Error('disk full')
        })
      ).toThrow('disk full')
      expect(store.read()).toEqual({ leadMinutes: [1], locale: 'en' })
    })

    it('a write refused by the disk leaves the saved file as it was', () => {
      const path = tempFile()
      const store = open(path)
      store.write({ leadMinutes: [1], locale: 'en' })
      const folder = join(path, '..')
      mkdirSync(join(folder, 'blocker'))
      // The file's place taken by a folder: the rename fails, and the folder is left as it was.
      const blocked = open(join(folder, 'blocker'))
      expect(() => blocked.write(defaults())).toThrow()
      expect(readdirSync(folder).sort()).toEqual(['blocker', 'settings.json'])
      expect(store.read()).toEqual({ leadMinutes: [1], locale: 'en' })
    })

    it('a lock left by a process that died mid-write is broken after the stale time', () => {
      const path = tempFile()
      mkdirSync(`${path}.lock`)
      const past = new Date(Date.now() - 60_000)
      utimesSync(`${path}.lock`, past, past)
      expect(open(path).update((d) => ({ ...d, leadMinutes: [1] })).leadMinutes).toEqual([1])
    })

    it('a lock held by a live process for too long ends in a bilingual error, nothing written', () => {
      const path = tempFile()
      writeFileSync(path, JSON.stringify({ leadMinutes: [3] }))
      mkdirSync(`${path}.lock`)
      let error: unknown
      try {
        open(path, { lock: { waitMs: 60 } }).update((d) => ({ ...d, leadMinutes: [99] }))
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(StoreLockError)
      expect((error as StoreLockError).userMessage.en).toContain('locked for too long')
      expect((error as StoreLockError).userMessage.ja).toContain('ロック')
      expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ leadMinutes: [3] })
    })

    it('a corrupt file is moved aside and reported once, even when two stores find it', () => {
      const path = tempFile()
      writeFileSync(path, '{"leadMinutes": [1, "mar')
      const reports: CorruptFileReport[] = []
      const a = reporting(path, reports, 1)
      const b = reporting(path, reports, 2)
      expect(a.read()).toEqual(defaults())
      expect(b.read()).toEqual(defaults())
      expect(reports.map((r) => r.movedTo)).toEqual([`${path}.corrupt-1`])
      expect(readFileSync(`${path}.corrupt-1`, 'utf8')).toBe('{"leadMinutes": [1, "mar')
    })
  })
}
