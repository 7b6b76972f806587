import { watch } from 'node:fs'
import { DATA_FILES, type DocumentName } from './data-files'
import { documentBody } from './document'

/**
 * Calls back when another process may have changed a document of the folder's database. The
 * folder is watched (every commit touches the database or its write-ahead log), and the callback
 * comes only when the document's saved text really differs from what was last seen, so this
 * process's own writes of other documents, and commits that left it alone, cost one read. The
 * watch never holds a process open, and where watching is not possible (some network drives) it
 * quietly does nothing: callers also look on a slow timer.
 */
export function watchDocument(dataDir: string, name: DocumentName, onChange: () => void): () => void {
  const database = DATA_FILES.database.name
  let seen = documentBody(dataDir, name)
  let pending = false
  const check = (): void => {
    pending = false
    const now = documentBody(dataDir, name)
    if (now === seen) return
    seen = now
    onChange()
  }
  try {
    const watcher = watch(dataDir, { persistent: false }, (_event, file) => {
      if (pending || (file !== null && !file.startsWith(database))) return
      // One look per burst: a commit touches the log several times.
      pending = true
      setImmediate(check)
    })
    watcher.on('error', () => watcher.close())
    return () => watcher.close()
  } catch {
    return () => {}
  }
}
