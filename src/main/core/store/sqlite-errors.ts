import type { LocalizedText } from '../../../shared/locale'

/** SQLite's result codes for a file that is not (or no longer) a database of ours. */
const DAMAGE = new Set([11 /* SQLITE_CORRUPT */, 26 /* SQLITE_NOTADB */])
export const isDamage = (e: unknown): boolean => DAMAGE.has((e as { errcode?: number })?.errcode ?? -1)

/**
 * A SQLite failure in the shape file-errors.ts explains to the user (which file, what to do):
 * a full disk, a read-only folder, another process holding the write lock past the timeout.
 */
export function storeError(e: unknown, path: string): Error {
  const errcode = (e as { errcode?: number })?.errcode
  if (errcode === undefined) return e as Error
  const code = SQLITE_CODES[errcode & 0xff] ?? 'EIO'
  return Object.assign(new Error(`${code}: ${(e as Error).message} (${path})`), { code, path, cause: e })
}

const SQLITE_CODES: Record<number, string> = {
  3: 'EACCES', // SQLITE_PERM
  5: 'EBUSY', // SQLITE_BUSY
  6: 'EBUSY', // SQLITE_LOCKED
  8: 'EROFS', // SQLITE_READONLY
  13: 'ENOSPC', // SQLITE_FULL
  14: 'EACCES', // SQLITE_CANTOPEN
  23: 'EACCES' // SQLITE_AUTH
}

/** What a database moved aside means to the user. */
export const DATABASE_LOST: LocalizedText = {
  en: 'The schedule, reminders and inbox are fetched again. Reminder history and records still waiting to be sent are in the copy: record again any that do not appear on the service.',
  ja: '番組表・リマインダー・受信箱は取得し直します。リマインダーの履歴と送信待ちの記録は退避したファイルに残っています。サービスに反映されていない記録があれば、もう一度記録してください。'
}
