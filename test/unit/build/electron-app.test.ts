/**
 * How the demo and the real-Electron tests start the app (scripts/electron-app.ts): with the app
 * folder, so Electron reads package.json and the app is Onair, not "Electron".
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { appArgs, findElectron } from '../../../scripts/electron-app'
import { tempDir } from '../../support/temp-dir'

const root = resolve(import.meta.dirname, '../../..')
const scratch = tempDir('onair-electron-app-')
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('starting the app in Electron', () => {
  it('passes the app folder, whose package.json names the app and leads to the built entry', () => {
    const args = appArgs(root, false)
    expect(args).toEqual([root])
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, string>
    expect(pkg['productName']).toBe('Onair')
    expect(pkg['main']).toBe('out/main/index.js')
    // Linux matches the window to its installed desktop entry through this name.
    expect(pkg['desktopName']).toBe('app.onair.Onair.desktop')
  })

  it('adds --no-sandbox only as root, before the folder', () => {
    expect(appArgs(root, true)).toEqual(['--no-sandbox', root])
  })

  it('finds the binary without downloading it, and says undefined when there is none', () => {
    expect(findElectron(scratch, {})).toBeUndefined()
    expect(findElectron(scratch, { ELECTRON_EXEC_PATH: join(scratch, 'missing') })).toBeUndefined()
    mkdirSync(join(scratch, 'node_modules/electron/dist'), { recursive: true })
    writeFileSync(join(scratch, 'node_modules/electron/path.txt'), 'electron\n')
    expect(findElectron(scratch, {})).toBeUndefined()
    writeFileSync(join(scratch, 'node_modules/electron/dist/electron'), '')
    expect(findElectron(scratch, {})).toBe(join(scratch, 'node_modules/electron/dist/electron'))
    expect(findElectron(root, { ELECTRON_EXEC_PATH: join(scratch, 'node_modules/electron/dist/electron') })).toBe(
      join(scratch, 'node_modules/electron/dist/electron')
    )
  })
})
