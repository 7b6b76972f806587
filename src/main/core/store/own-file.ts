import { lstatSync, type BigIntStats } from 'node:fs'

/**
 * Onair's files in the data folder are its own: each is a regular file owned by
 * the user who runs Onair, never a link. A link in a file's place (planted by another program, or
 * left by a tool) would otherwise make a write land in whatever it points at (conf follows links,
 * and copies the target's owner), or make Onair read someone else's file as its own. Such a path
 * is refused before it is read or written, with the file-system error shape (`code`, `path`) that
 * file-errors.ts explains to the user; nothing is written anywhere.
 *
 * `code` names what is wrong: ELOOP (a link, as the kernel says for a link it will not follow),
 * EFTYPE (not a regular file: a device, a pipe, a socket), EISDIR (a folder), EOWNER (another
 * user's file; POSIX only: Windows has no uid to compare).
 */
export class UnsafeFileError extends Error {
  readonly syscall = 'lstat'

  constructor(
    readonly code: 'ELOOP' | 'EFTYPE' | 'EISDIR' | 'EOWNER',
    readonly path: string
  ) {
    super(`${code}: refusing to use '${path}', which is not a plain file of this user`)
    this.name = 'UnsafeFileError'
  }
}

const myUid = (): number | undefined => process.getuid?.()

function lstatOrNull(path: string): BigIntStats | null {
  try {
    return lstatSync(path, { bigint: true })
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
}

function checkOwner(path: string, stats: BigIntStats): void {
  const uid = myUid()
  if (uid !== undefined && stats.uid !== BigInt(uid)) throw new UnsafeFileError('EOWNER', path)
}

/** The file's own status (never a link's target), or null when there is none; throws UnsafeFileError. */
export function ownFileStats(path: string): BigIntStats | null {
  const stats = lstatOrNull(path)
  if (!stats) return null
  if (stats.isSymbolicLink()) throw new UnsafeFileError('ELOOP', path)
  if (stats.isDirectory()) throw new UnsafeFileError('EISDIR', path)
  if (!stats.isFile()) throw new UnsafeFileError('EFTYPE', path)
  checkOwner(path, stats)
  return stats
}
