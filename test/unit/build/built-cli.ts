import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The files of the built command line, relative to the repository: the entry `out/cli/onair.cjs`,
 * one file per command under `out/cli/commands/` and the shared chunks (cli.vite.config.ts), source
 * maps left out. What is checked of "the CLI bundle" holds for all of them together.
 */
export function builtCliFiles(root: string): string[] {
  return readdirSync(join(root, 'out/cli'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.cjs'))
    .map((f) => join('out/cli', f).split('\\').join('/'))
    .sort()
}
