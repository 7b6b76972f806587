import { rmSync } from 'node:fs'
import { writeAtomic } from './atomic-write'
import { receiptOf } from './data-files'
import { ABSENT, parseDocument } from './document-backend'
import { ownFileStats } from './own-file'
import { identityOf, readSteady, receiptFor, sameIdentity, schemaFingerprint, textHash } from './receipt'

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
  const receipt = receiptOf(path)
  try {
    const now = ownFileStats(path)
    if (!now) return
    const held = receiptFor(path, fingerprint)
    if (held && sameIdentity(held, identityOf(now))) return
    // Withdraws the old receipt, and reads the file system's clock before the file is read: an
    // edit in place after the read gets this time or later, a change time the file does not have
    // unless it changed in this very tick (then the receipt carries the text's hash).
    writeAtomic(receipt, PENDING, 0o600, NOT_DURABLE)
    const tick = BigInt(ownFileStats(receipt)!.ctimeNs)
    const read = readSteady(path)
    if (read === ABSENT || read === undefined || !passes(parseDocument(read.text))) {
      rmSync(receipt, { force: true })
      return
    }
    const racy = BigInt(read.identity.ctimeNs) >= tick
    const hash = racy ? { hash: textHash(read.text) } : {}
    writeAtomic(receipt, `${JSON.stringify({ fingerprint, ...read.identity, ...hash })}\n`, 0o600, NOT_DURABLE)
  } catch {
    // A read-only folder, a full disk, a file moved aside meanwhile: the next reader validates.
  }
}

/**
 * Receipts are not synced to disk: one lost in a crash only means validating once more, and two
 * fsyncs more after every write of the ledger held up each reminder's line (issue 25.3).
 */
const NOT_DURABLE = { durable: false }

/** A receipt that vouches for nothing (no fingerprint): the one in place while the file is read. */
const PENDING = '{}\n'
