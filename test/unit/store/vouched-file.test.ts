import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ledgerFile } from '../../../src/main/core/schedule/files'
import { emptyLedger } from '../../../src/main/core/schedule/ledger'
import { receiptOf } from '../../../src/main/core/store/data-files'
import { documentText } from '../../../src/main/core/store/document-backend'
import { UnvouchedFileError, vouchedFileStore } from '../../../src/main/core/store/vouched-file'
import { tempDir } from '../../support/temp-dir'

/**
 * The store a restarting `onair run` delivers from before it loads zod: it may take a file as it is
 * only when a receipt of this build vouches for it or it wrote the file itself; any other file is
 * refused (UnvouchedFileError), so the daemon's validating start deals with it instead.
 */
const T = Date.UTC(2026, 10, 25, 9, 0)

function savedLedger() {
  const dir = tempDir('onair-vouched-')
  const ledger = ledgerFile(dir)
  ledger.add([{ key: 'p1@0', startedAt: new Date(T).toISOString() }], T)
  return { path: join(dir, 'ledger.json'), onDisk: JSON.parse(readFileSync(join(dir, 'ledger.json'), 'utf8')) }
}

describe('a store over files as their receipts vouch for them', () => {
  it('reads what the validating store wrote, as it wrote it', () => {
    const { path, onDisk } = savedLedger()
    expect(vouchedFileStore(path, emptyLedger).read()).toEqual(onDisk)
    expect(onDisk.entries['p1@0']).toMatchObject({ deliveredAt: T })
  })

  it('reads no file as the defaults', () => {
    const path = join(tempDir('onair-vouched-'), 'ledger.json')
    expect(vouchedFileStore(path, emptyLedger).read()).toEqual(emptyLedger())
  })

  it('refuses a file changed by hand, one without a receipt, and one whose receipt is garbage', () => {
    const edited = savedLedger()
    writeFileSync(edited.path, documentText({ version: 1, entries: { x: { deliveredAt: 'soon' } } }))
    expect(() => vouchedFileStore(edited.path, emptyLedger).read()).toThrow(UnvouchedFileError)

    const bare = savedLedger()
    rmSync(receiptOf(bare.path))
    expect(() => vouchedFileStore(bare.path, emptyLedger).read()).toThrow(UnvouchedFileError)

    const garbage = savedLedger()
    writeFileSync(receiptOf(garbage.path), 'not a receipt')
    expect(() => vouchedFileStore(garbage.path, emptyLedger).read()).toThrow(UnvouchedFileError)
  })

  it('changes a file as one transaction, in the format every store writes, and trusts its own write', () => {
    const { path } = savedLedger()
    const store = vouchedFileStore(path, emptyLedger)
    const next = store.update((doc) => ({ ...doc, servedAt: T + 1 }))
    expect(readFileSync(path, 'utf8')).toBe(documentText(next))
    // No receipt can vouch for it (there is no schema here): its own write is what it trusts.
    expect(store.read()).toEqual(next)
    // The validating store reads it back as the same document.
    expect(ledgerFile(join(path, '..')).servedAt()).toBe(T + 1)
  })

  it('refuses its own file once another writer replaced it without a receipt', () => {
    const { path } = savedLedger()
    const store = vouchedFileStore(path, emptyLedger)
    store.write({ ...emptyLedger(), servedAt: T })
    writeFileSync(path, documentText({ ...emptyLedger(), servedAt: T + 5 }))
    expect(() => store.read()).toThrow(UnvouchedFileError)
  })
})
