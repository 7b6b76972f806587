import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * The fingerprint a document's receipt carries (src/main/core/store/receipt.ts): a SHA-256 of
 * every TypeScript source under `src/shared` and `src/main/core`, where all the persisted schemas
 * and the code they call live. Wider than the schemas alone on purpose: a change to any of them
 * (or to what they import) can never be missed, at the price of validating each document once
 * more after an update that touched only other code there. Computed at build time, so the app and
 * the command line of one build carry the same one.
 */
export function schemaFingerprint(root: string): string {
  const hash = createHash('sha256')
  for (const folder of ['src/shared', 'src/main/core']) {
    const files = readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(root, folder, f))
      .sort()
    // The name too, so moving code between files changes it; NUL separates what no source holds.
    for (const file of files) hash.update(`${relative(root, file).split('\\').join('/')}\0`).update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex').slice(0, 32)
}
