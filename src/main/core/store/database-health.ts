import { folderDatabase, readPragma } from './database'

export interface DatabaseHealth {
  path: string
  schemaVersion: number
  journalMode: string
  /** SQLite's `PRAGMA integrity_check`: `ok`, or its first findings. */
  integrity: string
}

/** For `onair doctor` and Copy diagnostics: read only, nothing made when the folder has no database. */
export function databaseHealth(dataDir: string): DatabaseHealth | null {
  const folder = folderDatabase(dataDir)
  const db = folder.existing()
  if (!db) return null
  const findings = db.prepare('PRAGMA integrity_check(5)').all() as Array<Record<string, string>>
  return {
    path: folder.path,
    schemaVersion: readPragma(db, folder.path, 'PRAGMA user_version'),
    journalMode: String(Object.values(db.prepare('PRAGMA journal_mode').get() ?? {})[0]),
    integrity: findings.map((row) => Object.values(row)[0]).join('; ')
  }
}
