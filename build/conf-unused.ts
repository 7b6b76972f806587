/**
 * What the built app and command line give conf in place of ajv, ajv-formats, semver and
 * node:crypto (aliased in build/vite-shared.ts, which every bundle of Onair uses). conf loads them
 * for its `schema`, `migrations` and `encryptionKey` options, which Onair never passes: zod
 * validates and migrates every document (src/main/core/store/json-file.ts), and the app's tokens
 * are encrypted by Electron's safeStorage. Loaded for nothing, the first three cost the command
 * line ~340 KB of its bundle and about 1–3 MB of memory, and node:crypto ~4 ms of every command
 * that writes, a restarted `onair run` included (BENCHMARKS.md). Anything that does call them
 * fails loudly, never silently.
 */
const unused = (): never => {
  throw new Error("conf's schema and migrations are not used by Onair (zod validates documents)")
}

export class Ajv2020 {
  constructor() {
    unused()
  }
}

/** The default export of `ajv-formats`, `semver` and `node:crypto`: every member is `unused`. */
export default new Proxy({}, { get: () => unused })
