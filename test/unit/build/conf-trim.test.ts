import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { builtCliFiles } from './built-cli'

/**
 * The app carries conf (electron-store's) writing through Onair's writer instead of atomically
 * (conf-writer.ts: no write through a link), and the command line carries no conf at all: under
 * Node the store reads and writes plain files. The CLI is built by test/setup/build-cli.ts (its
 * entry and chunks are checked together), the app by `npm run build` (which `npm test` runs first).
 */
const root = resolve(import.meta.dirname, '../../..')
const text = (files: string[]): string => {
  const paths = files.map((file) => join(root, file))
  expect(paths.every((path) => existsSync(path)), 'run `npm run build` first').toBe(true)
  return paths.map((path) => readFileSync(path, 'utf8')).join('\n')
}

describe('conf in the builds', () => {
  it("the app's conf writes through Onair's writer, not atomically", () => {
    const app = text(['out/main/index.js'])
    expect(app).toMatch(/\/\/ node_modules\/conf\//)
    expect(app).not.toMatch(/\/\/ node_modules\/atomically\//)
    expect(app).toMatch(/\/\/ src\/main\/shell\/conf-writer\.ts/)
  })

  it('the command line holds no conf', () => {
    expect(text(builtCliFiles(root))).not.toMatch(/\/\/ node_modules\/(conf|atomically)\//)
  })
})

it('the built command line holds dbus-native but not xml2js, xmlbuilder or sax (introspection, unused)', () => {
  const cli = text(builtCliFiles(root))
  expect(cli).toMatch(/\/\/ node_modules\/@homebridge\/dbus-native\//)
  expect(cli.match(/\/\/ node_modules\/(xml2js|xmlbuilder|sax)\//g) ?? []).toEqual([])
  expect(cli).toMatch(/\/\/ build\/xml2js-unused\.ts/)
})
