import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { buildClientFromEnv } from '../src/main/core/auth/build-client'
import { describeSettings } from '../src/main/core/store/setting-keys'
import { schemaFingerprint } from './schema-fingerprint'

/**
 * What every bundle of Onair's main-process code shares: the app's (electron.vite.config.ts), the
 * command line's (cli.vite.config.ts) and the one vitest runs (vitest.config.ts). Each config
 * imports this file and none imports another, so each can be read, and changed, on its own.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const at = (path: string): string => resolve(root, path)

/**
 * What conf imports and Onair replaces: its validator, migrations and encryption, which Onair does
 * not use (build/conf-unused.ts), and its atomic writer (src/main/core/store/conf-writer.ts).
 * Only conf's own imports: the app's electron-updater needs the real semver (an alias for every
 * importer gave it the stub, and each update check threw).
 */
const confReplaced: Record<string, string> = {
  ...Object.fromEntries(
    ['ajv/dist/2020.js', 'ajv-formats', 'semver', 'node:crypto'].map((name) => [name, at('build/conf-unused.ts')])
  ),
  atomically: at('src/main/core/store/conf-writer.ts')
}

/** What @homebridge/dbus-native imports for introspection only (build/xml2js-unused.ts). */
const dbusReplaced: Record<string, string> = { xml2js: at('build/xml2js-unused.ts') }

/** What proper-lockfile imports to retry opens it never makes (build/graceful-fs-unused.ts). */
const lockReplaced: Record<string, string> = { 'graceful-fs': at('build/graceful-fs-unused.ts') }

/** What proper-lockfile's signal-exit imports for one check (build/assert-unused.ts). */
const exitReplaced: Record<string, string> = { assert: at('build/assert-unused.ts') }

/** Each package whose imports are replaced, with its replacements. */
const replacedFor: ReadonlyArray<[RegExp, Record<string, string>]> = [
  [/[\\/]node_modules[\\/]conf[\\/]/, confReplaced],
  [/[\\/]node_modules[\\/]@homebridge[\\/]dbus-native[\\/]/, dbusReplaced],
  [/[\\/]node_modules[\\/]proper-lockfile[\\/]/, lockReplaced],
  [/[\\/]node_modules[\\/]signal-exit[\\/]/, exitReplaced]
]

export const trimUnused = (): Plugin => ({
  name: 'onair-trim-unused',
  enforce: 'pre',
  resolveId: (source, importer) =>
    (importer && replacedFor.find(([pkg]) => pkg.test(importer))?.[1][source]) ?? null
})

/** The OAuth client a release carries (src/main/core/auth/build-client.ts), read from ONAIR_BUILD_*. */
export const buildClientDefine = (): Record<string, string> => ({
  __ONAIR_BUILD_CLIENT__: JSON.stringify(buildClientFromEnv(process.env))
})

/**
 * The fingerprint of the persisted schemas (build/schema-fingerprint.ts) that each receipt of a
 * validated document carries (src/main/core/store/receipt.ts): the app's build, the command line's
 * and vitest's compute it from the same sources, so they trust each other's receipts.
 */
export const schemaFingerprintDefine = (): Record<string, string> => ({
  __ONAIR_SCHEMA_FINGERPRINT__: JSON.stringify(schemaFingerprint(root))
})

/**
 * The settings schema as data (src/main/core/store/setting-facts.ts): `onair config get` and
 * `config list` read keys and defaults from this constant instead of building the schema with zod.
 */
export const settingsFactsDefine = (): Record<string, string> => ({
  __ONAIR_SETTINGS_FACTS__: JSON.stringify(describeSettings())
})
