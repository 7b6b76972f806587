import { z } from 'zod'
import { jsonFileStore } from '../../../../src/main/core/store/json-file'

/**
 * A child process of shared-folder.test.ts: `count.ts <file> <name> <times>` adds its name to the
 * shared document `times` times, each in its own transaction, reading between writes as a command
 * would.
 */
const [path, name, times] = process.argv.slice(2) as [string, string, string]
const Doc = z.object({ count: z.number(), marks: z.array(z.string()) })
const store = jsonFileStore({ path, schema: Doc, defaults: () => ({ count: 0, marks: [] }) })
for (let i = 0; i < Number(times); i++) {
  store.update((d) => ({ count: d.count + 1, marks: [...d.marks, `${name}:${i}`] }))
  store.read()
}
