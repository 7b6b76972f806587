import { resolve } from 'node:path'
import { build } from 'vite'

/**
 * Vitest global setup: the process tests run `onair` as users get it, the built
 * `out/cli/onair.cjs` (and the chunks it loads), so it is built here once per run from the sources under test (about 2 s),
 * never a stale build.
 */
export default async function buildCli(): Promise<void> {
  await build({ configFile: resolve(import.meta.dirname, '../../cli.vite.config.ts'), logLevel: 'warn' })
}
