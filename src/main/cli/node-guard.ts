import { writeSync } from 'node:fs'
import { localeFromEnv } from '../core/locale'
import { supportsNode, unsupportedNode } from './version'

/**
 * Imported first by the entry (cli.ts), so that it runs before any other module of the command
 * line is evaluated: on a Node.js older than package.json's `engines.node`, one paragraph in the
 * user's language and exit 1, instead of whichever stack trace the first newer API would throw.
 * On a supported Node it costs one comparison of version numbers.
 */
if (!supportsNode(process.versions.node)) {
  writeSync(2, `${unsupportedNode(process.versions.node, process.execPath, localeFromEnv(process.env))}\n`)
  process.exit(1)
}
