import { readFileSync } from 'node:fs'
import { ABSENT, parseDocument, type DocumentBackend } from './document-backend'

/**
 * The backend of a process that only reads its documents (`onair config get`, `onair upcoming
 * --from-cache`): the file's text read as conf reads it (`readFileSync`, UTF-8) and parsed by the
 * same `parseDocument`, without loading conf and what it brings (about 80 KB of code and
 * node:crypto, a quarter of `config get`'s start). Such a process never writes: a write is a
 * programming error and throws before touching the file. A corrupt file is still moved aside by
 * json-file.ts, which renames it under the lock without the backend.
 */
export function readOnlyBackend(): DocumentBackend {
  return {
    open(path) {
      return {
        read() {
          let text: string
          try {
            text = readFileSync(path, 'utf8')
          } catch (e) {
            // Gone since json-file.ts saw it: as conf says, no file.
            if ((e as NodeJS.ErrnoException).code === 'ENOENT') return ABSENT
            throw e
          }
          return parseDocument(text)
        },
        write() {
          throw new Error(`${path}: this process opened its documents read-only`)
        }
      }
    }
  }
}
