import { writeAtomic } from './atomic-write'
import { ABSENT, documentText } from './document-backend'
import { withFileLock } from './file-lock'
import type { DocumentStore } from './json-file'
import { ownFileStats } from './own-file'
import { identityOf, sameIdentity, vouchedFile, type Identity } from './receipt'

/**
 * A document store that validates nothing, for the moment before zod is loaded: a restarted
 * `onair run` delivers what fell due meanwhile from such stores (reminders-from-receipts.ts). It
 * takes a file's JSON as the document in two cases only: a receipt of this build vouches for the
 * file (receipt.ts), or the file is still what this store last wrote (the JSON of a value the same
 * code made). Any other file (no receipt, another version's, changed since) throws
 * UnvouchedFileError, and the caller leaves it to the validating store (json-file.ts).
 *
 * Changes are transactions under the file's lock and written as every backend writes them
 * (atomic-write.ts, documentText). They leave no receipt (there is no schema here to vouch with):
 * the next validating read writes one.
 */
export class UnvouchedFileError extends Error {
  constructor(readonly path: string) {
    super(`${path} has no receipt of this version`)
    this.name = 'UnvouchedFileError'
  }
}

export function vouchedFileStore<T>(path: string, defaults: () => T, mode = 0o600): DocumentStore<T> {
  let trusted: { identity: Identity; value: T } | undefined

  const read = (): T => {
    const stats = ownFileStats(path)
    if (!stats) return defaults()
    if (trusted && sameIdentity(trusted.identity, identityOf(stats))) return trusted.value
    const vouched = vouchedFile(path)
    if (vouched === ABSENT) return defaults()
    if (vouched === undefined) throw new UnvouchedFileError(path)
    trusted = { identity: vouched.identity, value: vouched.document as T }
    return trusted.value
  }

  const save = (next: T): T => {
    writeAtomic(path, documentText(next), mode)
    const stats = ownFileStats(path)
    trusted = stats ? { identity: identityOf(stats), value: next } : undefined
    return next
  }

  return {
    read,
    write: (next) => void withFileLock(path, () => save(next)),
    update: (fn) => withFileLock(path, () => save(fn(read())))
  }
}
