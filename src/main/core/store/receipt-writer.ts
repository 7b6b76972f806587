import { rmSync } from 'node:fs'
import { writeAtomic } from './atomic-write'
import { receiptOf } from './data-files'
import { ABSENT, parseDocument } from './document-backend'
import { readSteady, receiptFor, sameIdentity, schemaFingerprint } from './receipt'

/**
 * After a validation: records a receipt for the file as it is now, when `passes` (the store's
 * schema, json-file.ts) accepts its JSON exactly as it stands, and removes a receipt it would
 * contradict. The file is read again here, not taken from the caller: what is vouched for is the
 * text that was checked, whatever another process or an editor did in between. Best effort: a
 * receipt is a shortcut, never needed, so a failure to write one changes nothing for the caller.
 */
export function writeReceipt(path: string, passes: (document: unknown) => boolean): void {
  const fingerprint = schemaFingerprint()
  if (!fingerprint) return
  try {
    const read = readSteady(path)
    if (read === ABSENT || read === undefined) return
    const held = receiptFor(path, fingerprint)
    if (held && sameIdentity(held, read.identity)) return
    if (!passes(parseDocument(read.text))) {
      rmSync(receiptOf(path), { force: true })
      return
    }
    writeAtomic(receiptOf(path), `${JSON.stringify({ fingerprint, ...read.identity })}\n`, 0o600)
  } catch {
    // A read-only folder, a full disk, a file moved aside meanwhile: the next reader validates.
  }
}
