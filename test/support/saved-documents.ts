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
