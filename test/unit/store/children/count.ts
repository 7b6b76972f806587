import { register } from 'node:module'
import { z } from 'zod'
import type { DocumentBackend } from '../../../../src/main/core/store/document-backend'

/**
 * A child process of shared-folder.test.ts: `count.ts <file> <name> <times> <files|electron-store>`
 * adds its name to the shared document `times` times, each in its own transaction, reading between
 * writes as a command would. `files` is Node's backend, `electron-store` the app's, on the Electron double.
 * The store is imported once the hooks are in place, so that conf gets Onair's writer.
 */
const [path, name, times, backendName] = process.argv.slice(2) as [string, string, string, string]

register('./hooks.mjs', import.meta.url)
const { jsonFileStore } = await import('../../../../src/main/core/store/document')

async function backend(): Promise<DocumentBackend> {
  if (backendName === 'files') return (await import('../../../../src/main/core/store/document-backend')).fileBackend
  return (await import('../../../../src/main/shell/electron-store')).electronStoreBackend()
}

const Doc = z.object({ count: z.number(), marks: z.array(z.string()) })
const store = jsonFileStore({ path, schema: Doc, defaults: () => ({ count: 0, marks: [] }), backend: await backend() })
for (let i = 0; i < Number(times); i++) {
  store.update((d) => ({ count: d.count + 1, marks: [...d.marks, `${name}:${i}`] }))
  store.read()
}
