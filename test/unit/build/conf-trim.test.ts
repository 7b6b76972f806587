import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { builtCliFiles } from './built-cli'

/**
 * Both bundles carry conf (the command line's store backend; electron-store's in the app) without
 * the validator and migration engine it loads for options Onair never passes (build/vite-shared.ts
 * `trimUnused`): ~340 KB of the command line and 1–3 MB of its memory (BENCHMARKS.md), and with
 * Onair's writer in place of atomically (conf-writer.ts: no write through a link). A conf
 * that reached them another way would bring them back unnoticed; this says so. The CLI is built by
 * test/setup/build-cli.ts (its entry and chunks are checked together), the app by `npm run build`
 * (which `npm test` runs first).
 */
const root = resolve(import.meta.dirname, '../../..')

describe.each([
  ['command line', () => builtCliFiles(root)],
  ['app', () => ['out/main/index.js']]
])('the built %s', (_, files) => {
  it('holds conf but not ajv, ajv-formats, semver or atomically', () => {
    const paths = files().map((file) => join(root, file))
    expect(paths.every((path) => existsSync(path)), 'run `npm run build` first').toBe(true)
    const text = paths.map((path) => readFileSync(path, 'utf8')).join('\n')
    expect(text).toMatch(/\/\/ node_modules\/conf\//)
    expect(text.match(/\/\/ node_modules\/(ajv|ajv-formats|semver|fast-uri|atomically)\//g) ?? []).toEqual([])
    expect(text).toMatch(/\/\/ src\/main\/core\/store\/conf-writer\.ts/)
  })
})

it("the built app's electron-updater gets the real semver (only conf's import is replaced)", () => {
  const text = readFileSync(join(root, 'out/main/index.js'), 'utf8')
  expect(text).toMatch(/node_modules\/semver\/functions\/parse\.js/)
})

it('the built command line holds dbus-native but not xml2js, xmlbuilder or sax (introspection, unused)', () => {
  const text = builtCliFiles(root)
    .map((file) => readFileSync(join(root, file), 'utf8'))
    .join('\n')
  expect(text).toMatch(/\/\/ node_modules\/@homebridge\/dbus-native\//)
  expect(text.match(/\/\/ node_modules\/(xml2js|xmlbuilder|sax)\//g) ?? []).toEqual([])
  expect(text).toMatch(/\/\/ build\/xml2js-unused\.ts/)
})
