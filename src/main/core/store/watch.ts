import { watch } from 'node:fs'
import { DATA_FILES, type DocumentName } from './data-files'
import { documentBody } from './document'

/**
 * Calls back when another process may have changed a document of the folder's database. The
 * folder is watched (every commit touches the database or its write-ahead log), and the callback
 * comes only when the document's saved text really differs from what was last seen, so this
 * process's own writes of other documents, and commits that left it alone, cost one read. The
 * watch never holds a process open, and where watching is not possible (some network drives) it
 * falls back to the look every LOOK_MS.
 */
const LOOK_MS = 2_000

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
  // Also a look every few seconds: the last event of a commit is the log's write, and the commit
  // becomes visible only once the writer updates the log's index, in shared memory, which no file
  // event reports; a look made in between would miss it for good. A file system that reports no
  // change (a network drive) is covered too.
  const look = setInterval(check, LOOK_MS)
  look.unref()
  try {
    const watcher = watch(dataDir, { persistent: false }, (_event, file) => {
      if (pending || (file !== null && !file.startsWith(database))) return
      // One look per burst: a commit touches the log several times.
      pending = true
      setImmediate(check)
    })
    watcher.on('error', () => watcher.close())
    return () => {
      clearInterval(look)
      watcher.close()
    }
  } catch {
    return () => clearInterval(look)
  }
}
