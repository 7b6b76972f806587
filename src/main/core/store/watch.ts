import { watch } from 'node:fs'
import { basename, dirname } from 'node:path'

/**
 * Calls back when a document of the data folder may have been changed by another process. The
 * folder is watched, not the file: an atomic write replaces the file (a new inode), which ends a
 * watch on the file itself. The watch never holds a process open, and where watching is not
 * possible (some network drives) it quietly does nothing: callers also look on a slow timer.
 */
export function watchDocument(path: string, onChange: () => void): () => void {
  const name = basename(path)
  try {
    const watcher = watch(dirname(path), { persistent: false }, (_event, file) => {
      if (file === null || file === name) onChange()
    })
    watcher.on('error', () => watcher.close())
    return () => watcher.close()
  } catch {
    return () => {}
  }
}
