import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { defaultSettings } from '../../../src/shared/settings'
import type { DocumentBackend } from '../../../src/main/core/store/document-backend'
import { closeFolderDatabases, type CorruptFileReport } from '../../../src/main/core/store/database'
import { settingsFileStore } from '../../../src/main/core/store/settings'
import { WRITE_FAULT_ENV } from '../../../src/main/core/store/write-fault'
import { tempDir } from '../../support/temp-dir'

/**
 * What settings.json promises, whichever backend keeps its text: the plain file (the command line,
 * settings.test.ts) or electron-store (the app, test/unit/shell/electron-store.test.ts). Changes
 * from several processes at once are shared-folder.test.ts's; the write lock is database.test.ts's.
 */
/** A file as every earlier Onair wrote it (one-space JSON, final newline): data folders in use. */
const EARLIER_TEXT =
  '{\n "ui": {\n  "locale": "ja"\n },\n "reminders": {\n  "mutedWorkIds": [\n   5,\n   30\n  ]\n }\n}\n'
const DAMAGED = '{"ui": {"locale": "j'

export function settingsFileContract(name: string, backend: () => DocumentBackend): void {
  const open = (dataDir: string, reports?: CorruptFileReport[]) =>
    settingsFileStore(dataDir, reports && ((r) => reports.push(r)), backend())
  const folderWith = (text?: string): { dataDir: string; path: string } => {
    const dataDir = tempDir('onair-settings-')
    const path = join(dataDir, 'settings.json')
    if (text !== undefined) writeFileSync(path, text)
    return { dataDir, path }
  }
  const corruptCopies = (dataDir: string) => readdirSync(dataDir).filter((f) => f.startsWith('settings.json.corrupt-'))

  describe(`settings.json over ${name}`, () => {
    afterEach(() => {
      delete process.env[WRITE_FAULT_ENV]
      closeFolderDatabases()
    })

    it('starts from defaults and keeps what was written across a restart', () => {
      const { dataDir } = folderWith()
      const first = open(dataDir)
      expect(first.read()).toEqual(defaultSettings())
      first.update((s) => ({ ...s, ui: { ...s.ui, locale: 'ja' } }))
      closeFolderDatabases()
      expect(open(dataDir).read().ui.locale).toBe('ja')
    })

    it('reads a file written by earlier versions unchanged, and writes the same format', () => {
      const { dataDir, path } = folderWith(EARLIER_TEXT)
      const store = open(dataDir)
      expect(store.read()).toMatchObject({ ui: { locale: 'ja' }, reminders: { mutedWorkIds: [5, 30] } })
      const next = store.update((s) => ({ ...s, reminders: { ...s.reminders, mutedWorkIds: [30, 5] } }))
      expect(readFileSync(path, 'utf8')).toBe(`${JSON.stringify(next, null, 1)}\n`)
    })

    it('reads a file an editor saved with a byte order mark', () => {
      const { dataDir } = folderWith(`\uFEFF${EARLIER_TEXT}`)
      expect(open(dataDir).read().ui.locale).toBe('ja')
    })

    it('writes a file only the user can read, with no temporary file left beside it', () => {
      const { dataDir, path } = folderWith()
      open(dataDir).write(defaultSettings())
      expect(statSync(path).mode & 0o777).toBe(0o600)
      expect(readdirSync(dataDir).filter((f) => !f.startsWith('onair.db'))).toEqual(['settings.json'])
    })

    it('moves a corrupt file aside, reports it, and starts from defaults', () => {
      const { dataDir, path } = folderWith(DAMAGED)
      const reports: CorruptFileReport[] = []
      const store = open(dataDir, reports)
      expect(store.read()).toEqual(defaultSettings())
      expect(reports).toEqual([
        {
          path,
          movedTo: expect.stringMatching(/settings\.json\.corrupt-\d+$/),
          reason: expect.stringMatching(/^not valid JSON/),
          consequence: { en: expect.stringContaining('back to their defaults'), ja: expect.any(String) }
        }
      ])
      expect(readFileSync(reports[0]!.movedTo, 'utf8')).toBe(DAMAGED)
      // The next change writes a fresh file; the one moved aside stays as it was.
      store.update((s) => ({ ...s, ui: { ...s.ui, locale: 'ja' } }))
      expect(open(dataDir).read().ui.locale).toBe('ja')
      expect(readFileSync(reports[0]!.movedTo, 'utf8')).toBe(DAMAGED)
    })

    // conf reads a file holding an array or `null` as an empty store: here it is a corrupt file.
    it.each(['[5, 30]', 'null', '"ja"', '{"reminders": {"mutedWorkIds": "soon"}}'])(
      'does not take %s for settings',
      (text) => {
        const { dataDir } = folderWith(text)
        const reports: CorruptFileReport[] = []
        expect(open(dataDir, reports).read()).toEqual(defaultSettings())
        expect(reports).toHaveLength(1)
        expect(readFileSync(reports[0]!.movedTo, 'utf8')).toBe(text)
      }
    )

    it('a store sees what another store (another process) wrote, without being reopened', () => {
      const { dataDir } = folderWith()
      const mine = open(dataDir)
      const theirs = open(dataDir)
      expect(mine.read().reminders.mutedWorkIds).toEqual([])
      theirs.update((s) => ({ ...s, reminders: { ...s.reminders, mutedWorkIds: [7] } }))
      expect(mine.read().reminders.mutedWorkIds).toEqual([7])
      // A change builds on the other's write, not on its own earlier copy.
      mine.update((s) => ({ ...s, reminders: { ...s.reminders, mutedWorkIds: [...s.reminders.mutedWorkIds, 8] } }))
      expect(theirs.read().reminders.mutedWorkIds).toEqual([7, 8])
    })

    it('a failed change leaves the saved settings as they were', () => {
      const { dataDir } = folderWith()
      const store = open(dataDir)
      store.update((s) => ({ ...s, ui: { ...s.ui, locale: 'ja' } }))
      expect(() =>
        store.update((s) => {
          s.ui.locale = 'en'
          throw new Error('disk full')
        })
      ).toThrow('disk full')
      expect(store.read().ui.locale).toBe('ja')
    })

    it('a write refused by the disk throws with the file named, and leaves the saved file as it was', () => {
      const { dataDir, path } = folderWith()
      const store = open(dataDir)
      store.update((s) => ({ ...s, ui: { ...s.ui, locale: 'ja' } }))
      const before = readFileSync(path, 'utf8')
      process.env[WRITE_FAULT_ENV] = 'ENOSPC:settings.json'
      expect(() => store.update((s) => ({ ...s, ui: { ...s.ui, locale: 'en' } }))).toThrow(
        expect.objectContaining({ code: 'ENOSPC', path })
      )
      delete process.env[WRITE_FAULT_ENV]
      expect(readFileSync(path, 'utf8')).toBe(before)
      expect(store.read().ui.locale).toBe('ja')
    })

    it('a corrupt file is moved aside and reported once, even when two stores find it', () => {
      const { dataDir } = folderWith(DAMAGED)
      const reports: CorruptFileReport[] = []
      const a = open(dataDir, reports)
      const b = open(dataDir, reports)
      expect(a.read()).toEqual(defaultSettings())
      expect(b.read()).toEqual(defaultSettings())
      expect(reports).toHaveLength(1)
      expect(corruptCopies(dataDir)).toHaveLength(1)
      expect(readFileSync(reports[0]!.movedTo, 'utf8')).toBe(DAMAGED)
    })
  })
}
