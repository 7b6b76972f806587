import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { buildClientFromEnv } from '../src/main/core/auth/build-client'

/**
 * What every bundle of Onair's main-process code shares: the app's (electron.vite.config.ts), the
 * command line's (cli.vite.config.ts) and the one vitest runs (vitest.config.ts). Each config
 * imports this file and none imports another, so each can be read, and changed, on its own.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const at = (path: string): string => resolve(root, path)

/**
 * conf (electron-store's, in the app) writes through Onair's writer instead of atomically, which
 * writes through a link and names its temporary file predictably (src/main/shell/conf-writer.ts).
 */
const confReplaced: Record<string, string> = { atomically: at('src/main/shell/conf-writer.ts') }

/** What @homebridge/dbus-native imports for introspection only (build/xml2js-unused.ts). */
const dbusReplaced: Record<string, string> = { xml2js: at('build/xml2js-unused.ts') }

/** Each package whose imports are replaced, with its replacements. */
const replacedFor: ReadonlyArray<[RegExp, Record<string, string>]> = [
  [/[\\/]node_modules[\\/]conf[\\/]/, confReplaced],
  [/[\\/]node_modules[\\/]@homebridge[\\/]dbus-native[\\/]/, dbusReplaced]
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
 * Loaded from node_modules at run time, never inlined: @napi-rs/keyring picks its platform's
 * prebuilt binary (`@napi-rs/keyring-<platform>-<arch>`) by `require`, which no bundle can carry.
 * The package ships them unpacked beside app.asar (electron-builder.yml asarUnpack).
 */
export const NATIVE_MODULES: string[] = ['@napi-rs/keyring']
