import { closeSync, constants, fstatSync, openSync, readFileSync, type BigIntStats } from 'node:fs'
import { dirname } from 'node:path'
import { receiptOf } from './data-files'
import { ABSENT, parseDocument } from './document-backend'
import { sweepOnce } from './orphan-temps'
import { ownFileStats } from './own-file'

/**
 * A receipt says "this exact file passed this version's schema": beside a document that a process
 * validated with zod (json-file.ts, when it reads the file from disk and after it writes it),
 * `<file>.receipt` holds the file's identity then (inode, size, modification and change times in
 * nanoseconds) and the fingerprint of the schemas' sources it was checked with. A command that
 * only reads (`onair config get`, `onair upcoming --from-cache`) finds the file still carrying
 * that identity and takes its JSON as the validated document, without loading zod (186 KB and its
 * schemas: most of those commands' start, BENCHMARKS.md issue 25).
 *
 * Why the identity is enough: every write of Onair's replaces the file (a new inode, atomic-write.ts),
 * and any edit in place changes the size or the times; the change time (ctime) cannot be set back
 * by any program, so copying, restoring or touching the file never matches an old receipt. Except
 * within one tick of the file system's clock (ext4 here gives every file changed within a few ms
 * the same ctime): an edit in place in the tick the file was validated in, keeping its size, would
 * keep its identity too. So a receipt of a file changed in the same tick as the validation began
 * (receipt-writer.ts tells) also holds a hash of the text, which the reader checks. A
 * receipt that is missing, unreadable, of another version (fingerprint) or of another file only
 * means validating again; deleting receipts is always harmless. Written by receipt-writer.ts,
 * apart from this file so that a command that only reads loads no writer (and no node:crypto).
 */
declare const __ONAIR_SCHEMA_FINGERPRINT__: string | undefined

/**
 * A hash of the sources the persisted schemas are made of (src/shared, src/main/core), set by the
 * build (build/vite-shared.ts) so that the app and the command line of one build agree, and a new
 * version validates every document once. Undefined where nothing was built (`npm run cli` through
 * tsx): receipts are then neither trusted nor written.
 */
export const schemaFingerprint = (): string | undefined =>
  typeof __ONAIR_SCHEMA_FINGERPRINT__ === 'string' ? __ONAIR_SCHEMA_FINGERPRINT__ : undefined

export interface Identity {
  ino: string
  size: string
  mtimeNs: string
  ctimeNs: string
}

interface Receipt extends Identity {
  /** Only for a file changed in the tick its validation began in (textHash of what was checked). */
  hash?: string
}

/**
 * A 53-bit hash of the text (cyrb53), in JavaScript: node:crypto would cost a read-only command
 * ~2.5 ms to load (node:stream comes with it). Against accidental edits, not an adversary: whoever
 * may edit the file may write its receipt too.
 */
export function textHash(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

export const identityOf = (s: BigIntStats): Identity => ({
  ino: String(s.ino),
  size: String(s.size),
  mtimeNs: String(s.mtimeNs),
  ctimeNs: String(s.ctimeNs)
})

export const sameIdentity = (a: Identity, b: Identity): boolean =>
  a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs

// Not on Windows (0 there): a link is then still refused by ownFileStats just before.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0

/**
 * The file's text and the identity it kept while it was read: one open file, its status taken
 * before and after the read, so a replaced file cannot be confused with the one read (the open
 * file keeps its inode) and an edit in place during the read shows as a changed identity.
 * ABSENT when there is no file; undefined when it changed while being read.
 */
export function readSteady(path: string): { text: string; identity: Identity } | typeof ABSENT | undefined {
  if (!ownFileStats(path)) return ABSENT
  const fd = openSync(path, constants.O_RDONLY | NO_FOLLOW)
  try {
    const before = identityOf(fstatSync(fd, { bigint: true }))
    const text = readFileSync(fd, 'utf8')
    const after = identityOf(fstatSync(fd, { bigint: true }))
    return sameIdentity(before, after) ? { text, identity: before } : undefined
  } finally {
    closeSync(fd)
  }
}

export function receiptFor(path: string, fingerprint: string): Receipt | undefined {
  try {
    const r = JSON.parse(readFileSync(receiptOf(path), 'utf8')) as Partial<Receipt & { fingerprint: string }>
    const fields = [r.ino, r.size, r.mtimeNs, r.ctimeNs]
    if (r.fingerprint !== fingerprint || !fields.every((f) => typeof f === 'string')) return undefined
    if (r.hash !== undefined && typeof r.hash !== 'string') return undefined
    return r as Receipt
  } catch {
    // None, or not a receipt (garbage, a folder): nothing vouched for.
    return undefined
  }
}

/**
 * The document at `path` when its receipt vouches for it (this version validated exactly this
 * file), ABSENT when there is no file; undefined when it must be validated (json-file.ts), which
 * also covers every file trouble: the validating path reports it as it always has.
 */
export function vouchedDocument(path: string): unknown {
  const vouched = vouchedFile(path)
  return vouched === ABSENT || vouched === undefined ? vouched : vouched.document
}

/** vouchedDocument with the identity the file had when it was read (vouched-file.ts keeps it). */
export function vouchedFile(path: string): { document: unknown; identity: Identity } | typeof ABSENT | undefined {
  const fingerprint = schemaFingerprint()
  if (!fingerprint) return undefined
  try {
    const receipt = receiptFor(path, fingerprint)
    const read = readSteady(path)
    if (read === ABSENT) return ABSENT
    if (!receipt || !read || !sameIdentity(receipt, read.identity)) return undefined
    if (receipt.hash !== undefined && receipt.hash !== textHash(read.text)) return undefined
    return { document: parseDocument(read.text), identity: read.identity }
  } catch {
    return undefined
  }
}

/**
 * A document for a process that only reads it: as its receipt vouches for it, `absent()` when
 * there is no file, else `validated()`, the store's read (zod; a bad file moved aside and said;
 * a receipt left for the next reader). Only the last loads the schema's code.
 */
export async function readVouched<T>(path: string, absent: () => T, validated: () => Promise<T>): Promise<T> {
  sweepOnce(dirname(path))
  const document = vouchedDocument(path)
  if (document === ABSENT) return absent()
  return document === undefined ? validated() : (document as T)
}
