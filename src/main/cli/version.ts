import { readFileSync } from 'node:fs'

/**
 * The package's version for `onair --version`. The build writes it in (cli.vite.config.ts
 * `define`); run from the sources (tsx, tests) it is read from the package.json beside them.
 */
declare const __ONAIR_VERSION__: string | undefined

export function cliVersion(): string {
  if (typeof __ONAIR_VERSION__ === 'string') return __ONAIR_VERSION__
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
  return pkg.version
}
