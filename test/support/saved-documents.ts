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
 * (not checked against the schema), for the current account of a personal document, or for
 * `account` (accountKey) when given: the user a later sign-in in the test will be.
 */
export function saveDocumentBody(dataDir: string, name: DocumentName, body: string, account?: string): void {
  folderDatabase(dataDir).transaction((db) => {
    const personal = DOCUMENTS[name].scope === 'account'
    const owner = personal ? (account ?? currentAccount(db)) : ''
    statement(db, 'INSERT OR REPLACE INTO documents (account, name, body) VALUES (?, ?, ?)').run(owner, name, body)
  })
}

/** The rows of a document the store set aside as unreadable (never deleted), oldest first. */
export function setAsideBodies(dataDir: string, name: DocumentName): string[] {
  return folderDatabase(dataDir).snapshot((db) =>
    db
      ? statement(db, 'SELECT body FROM set_aside WHERE name = ? ORDER BY id')
          .all(name)
          .map((r) => String(r.body))
      : []
  )
}

/** The accounts (accountKey, '' for the folder's) that have a row of the document, whoever is signed in. */
export function accountsHolding(dataDir: string, name: DocumentName): string[] {
  return folderDatabase(dataDir).snapshot((db) =>
    db
      ? statement(db, 'SELECT account FROM documents WHERE name = ? ORDER BY account')
          .all(name)
          .map((r) => String(r.account))
      : []
  )
}
