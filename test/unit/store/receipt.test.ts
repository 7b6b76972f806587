import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scheduleFileStore } from '../../../src/main/core/schedule/schedule-file'
import { receiptOf } from '../../../src/main/core/store/data-files'
import { ABSENT, documentText } from '../../../src/main/core/store/document-backend'
import { schemaFingerprint, textHash, vouchedDocument } from '../../../src/main/core/store/receipt'
import { settingsFileStore } from '../../../src/main/core/store/settings'
import { defaultSettings } from '../../../src/shared/settings'
import { tempDir } from '../../support/temp-dir'
import { savedSchedule } from '../schedule/fixtures'

/**
 * A receipt lets a read-only command take a settings or schedule file as validated without zod
 * (receipt.ts); every way the file can differ from what was validated must fall back to zod.
 */
const folder = () => tempDir('onair-receipt-')
const settingsIn = (dir: string) => join(dir, 'settings.json')

function savedSettings(dir: string) {
  const store = settingsFileStore(dir)
  const saved = store.update((s) => ({ ...s, ui: { ...s.ui, locale: 'ja' as const } }))
  return { store, saved, path: settingsIn(dir) }
}

/**
 * Waits (a few ms) until the file system's clock has moved past the file's last change: what a
 * receipt written later sees of a file changed a while ago. Not a sleep: it writes until it sees it.
 */
function afterFileClockTick(path: string): void {
  const changed = statSync(path, { bigint: true }).ctimeNs
  const probe = `${path}.clock`
  for (const until = Date.now() + 2_000; Date.now() < until;) {
    writeFileSync(probe, '')
    if (statSync(probe, { bigint: true }).ctimeNs > changed) return
  }
  throw new Error('the file system clock did not move in 2 s')
}

const receiptIn = (path: string) => JSON.parse(readFileSync(receiptOf(path), 'utf8')) as Record<string, string>

describe('receipts of validated documents', () => {
  it('is built with a fingerprint here (vitest gets the build’s define), so both paths are exercised', () => {
    expect(schemaFingerprint()).toMatch(/^[0-9a-f]{32}$/)
  })

  it('vouches for the file a write validated: the same document, without the schema', () => {
    const { saved, path } = savedSettings(folder())
    expect(JSON.parse(readFileSync(receiptOf(path), 'utf8'))).toMatchObject({ fingerprint: schemaFingerprint() })
    expect(vouchedDocument(path)).toEqual(saved)
  })

  it('says there is no file when there is none, whatever a receipt beside it says', () => {
    const { path } = savedSettings(folder())
    renameSync(path, `${path}.elsewhere`)
    expect(vouchedDocument(path)).toBe(ABSENT)
  })

  it('vouches for nothing after a hand edit, even one that keeps the size and the times', () => {
    const { path } = savedSettings(folder())
    const text = readFileSync(path, 'utf8')
    // Same length, another value: only the change time (and the inode for an editor's rename) differs.
    writeFileSync(path, text.replace('"ja"', '"en"'))
    expect(vouchedDocument(path)).toBeUndefined()
  })

  it('ignores a receipt of another version, or one that is not a receipt', () => {
    const { path } = savedSettings(folder())
    const receipt = JSON.parse(readFileSync(receiptOf(path), 'utf8')) as Record<string, string>
    for (const other of [
      JSON.stringify({ ...receipt, fingerprint: 'another build' }),
      JSON.stringify({ ...receipt, ino: 7 }),
      'not json',
      ''
    ]) {
      writeFileSync(receiptOf(path), other)
      expect(vouchedDocument(path), other).toBeUndefined()
    }
  })

  it('a receipt with the text’s hash (a file changed in its validation’s tick) vouches only for that text', () => {
    const { saved, path } = savedSettings(folder())
    const receipt = receiptIn(path)
    // The file's identity as the receipt says: only the hash can tell an edit in place in that tick.
    writeFileSync(receiptOf(path), JSON.stringify({ ...receipt, hash: textHash(readFileSync(path, 'utf8')) }))
    expect(vouchedDocument(path)).toEqual(saved)
    writeFileSync(receiptOf(path), JSON.stringify({ ...receipt, hash: textHash('another text') }))
    expect(vouchedDocument(path)).toBeUndefined()
  })

  it('a file changed before its validation began needs no hash: any later change has a later time', () => {
    const dir = folder()
    const path = settingsIn(dir)
    writeFileSync(path, documentText(defaultSettings()))
    afterFileClockTick(path)
    expect(settingsFileStore(dir).read()).toEqual(defaultSettings())
    expect(receiptIn(path).hash).toBeUndefined()
    expect(vouchedDocument(path)).toEqual(defaultSettings())
  })

  it('a reader that validates a changed file leaves a receipt for it, so the next reader need not', () => {
    const dir = folder()
    const path = settingsIn(dir)
    const doc = { ...defaultSettings(), poll: { ...defaultSettings().poll, aheadHours: 24 } }
    writeFileSync(path, documentText(doc))
    expect(vouchedDocument(path)).toBeUndefined()
    expect(settingsFileStore(dir).read()).toEqual(doc)
    expect(vouchedDocument(path)).toEqual(doc)
  })

  it('vouches for no file the schema would change: a partial file is filled in by zod every time', () => {
    const dir = folder()
    const path = settingsIn(dir)
    writeFileSync(path, JSON.stringify({ ui: { locale: 'ja' } }))
    expect(settingsFileStore(dir).read().ui.locale).toBe('ja')
    expect(existsSync(receiptOf(path))).toBe(false)
    expect(vouchedDocument(path)).toBeUndefined()
  })

  it('a bad file is still moved aside by the validating path, and nothing vouches for it', () => {
    const dir = folder()
    const { path } = savedSettings(dir)
    writeFileSync(path, JSON.stringify({ ui: { dayBoundary: '29:00' } }))
    expect(vouchedDocument(path)).toBeUndefined()
    const moved: string[] = []
    expect(settingsFileStore(dir, (r) => moved.push(r.movedTo)).read()).toEqual(defaultSettings())
    expect(moved).toHaveLength(1)
  })

  it('the schedule too: written by the poll, vouched for as written', () => {
    const dir = folder()
    scheduleFileStore(dir).write(savedSchedule)
    expect(vouchedDocument(join(dir, 'schedule.json'))).toEqual(savedSchedule)
  })

  it('a receipt that cannot be written (a folder in its place) changes nothing for the store', () => {
    const dir = folder()
    mkdirSync(receiptOf(settingsIn(dir)))
    const { store, saved, path } = savedSettings(dir)
    expect(store.read()).toEqual(saved)
    expect(vouchedDocument(path)).toBeUndefined()
  })
})
