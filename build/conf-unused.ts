/**
 * What the built app and command line give conf in place of ajv, ajv-formats and semver (aliased
 * in build/vite-shared.ts, which every bundle of Onair uses). conf loads them for its `schema` and
 * `migrations` options, which Onair never passes: zod validates and migrates every document
 * (src/main/core/store/json-file.ts). Loaded for nothing, they cost the command line ~340 KB of
 * its bundle and about 1–3 MB of memory (BENCHMARKS.md). Anything that does call them fails
 * loudly, never silently.
 */
const unused = (): never => {
  throw new Error("conf's schema and migrations are not used by Onair (zod validates documents)")
}

export class Ajv2020 {
  constructor() {
    unused()
  }
}

/** `ajv-formats`' default export and `semver`'s: every member is `unused`. */
export default new Proxy({}, { get: () => unused })
