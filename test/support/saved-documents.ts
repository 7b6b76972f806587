import { folderDatabase, statement } from '../../src/main/core/store/database'
import { currentAccount, documentBody } from '../../src/main/core/store/document'
import { DOCUMENTS, type DocumentName } from '../../src/main/core/store/data-files'

/**
 * What the data folder's database holds for a document, as the tests look at it from outside the
 * process that wrote it: the signed-in account's row for a personal document, else the folder's.
 */
export function savedDocument<T = unknown>(dataDir: string, name: DocumentName): T | undefined {
  const body = documentBody(dataDir, name)
  return body === undefined ? undefined : (JSON.parse(body) as T)
}

/**
 * Puts a document's row as another build or a hand edit might have left it: `body` is the raw text
 * (not checked against the schema), for the current account of a personal document.
 */
export function saveDocumentBody(dataDir: string, name: DocumentName, body: string): void {
  folderDatabase(dataDir).transaction((db) => {
    const account = DOCUMENTS[name].scope === 'account' ? currentAccount(db) : ''
    statement(db, 'INSERT OR REPLACE INTO documents (account, name, body) VALUES (?, ?, ?)').run(account, name, body)
  })
}

/** The rows of a document set aside as damaged (never deleted), oldest first: their raw text and why. */
export function setAsideDocuments(dataDir: string, name: DocumentName): Array<{ body: string; reason: string }> {
  return folderDatabase(dataDir).snapshot((db) =>
    db
      ? (statement(db, 'SELECT body, reason FROM set_aside WHERE name = ? ORDER BY id').all(name) as Array<{
          body: string
          reason: string
        }>)
      : []
  )
}

/** The personal documents saved, by account (`<service address> #<user id>`), signed in or not. */
export function personalDocumentsSaved(dataDir: string): Record<string, string[]> {
  const rows = folderDatabase(dataDir).snapshot((db) =>
    db
      ? (statement(
          db,
          "SELECT account, name FROM documents WHERE account != '' ORDER BY account, name"
        ).all() as Array<{
          account: string
          name: string
        }>)
      : []
  )
  const saved: Record<string, string[]> = {}
  for (const { account, name } of rows) (saved[account] ??= []).push(name)
  return saved
}

/** Every saved row of the folder (documents and those set aside), keyed `<account>/<name>`: all a command could change. */
export function savedRows(dataDir: string): Record<string, string> {
  const rows = folderDatabase(dataDir).snapshot((db) =>
    db
      ? (statement(
          db,
          "SELECT account || '/' || name AS key, body FROM documents UNION ALL SELECT 'set_aside ' || id, body FROM set_aside"
        ).all() as Array<{ key: string; body: string }>)
      : []
  )
  return Object.fromEntries(rows.map((r) => [r.key, r.body]))
}
