/**
 * The release facts `npm run package:check` holds electron-builder.yml to: the real config passes,
 * and each mistake a hosted release would first reveal (an unsigned Mac build that will not start,
 * a feed naming a file GitHub stores under another name, Intel Macs offered nothing, a Windows
 * install that ignores onair:// links) fails on a config that makes it.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import {
  feedArtifactNames,
  feedNameProblems,
  macArchProblems,
  resignProblems,
  windowsSchemeProblems,
  type ReleaseConfig
} from '../../../scripts/package/release-facts'

const root = resolve(import.meta.dirname, '../../..')
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as ReleaseConfig
const app = { name: 'onair', productName: 'Onair', version: '1.2.3' }
const read = (file: string) => readFileSync(join(root, file), 'utf8')
/** The real config with `change` laid over it (one level deep, as a maintainer's edit would be). */
const mistake = (change: Partial<ReleaseConfig>): ReleaseConfig => ({ ...config, ...change })

describe('the release facts', () => {
  it('electron-builder.yml keeps all of them', () => {
    expect(resignProblems(config)).toEqual([])
    expect(feedNameProblems(config, app)).toEqual([])
    expect(macArchProblems(config)).toEqual([])
    expect(windowsSchemeProblems(config, read)).toEqual([])
  })

  it('the feed names each download as GitHub stores it, both Mac architectures apart', () => {
    expect(feedArtifactNames(config, app)).toEqual([
      { target: 'nsis', names: ['onair-Setup-1.2.3.exe'] },
      { target: 'zip', names: ['onair-1.2.3-mac-x64.zip', 'onair-1.2.3-mac-arm64.zip'] },
      { target: 'dmg', names: ['onair-1.2.3-mac-x64.dmg', 'onair-1.2.3-mac-arm64.dmg'] },
      { target: 'AppImage', names: ['onair-1.2.3-x86_64.AppImage'] },
      { target: 'deb', names: ['onair_1.2.3_amd64.deb'] }
    ])
  })

  it('fuses flipped without the ad-hoc re-sign fail', () => {
    const fuses = { ...config.electronFuses, resetAdHocDarwinSignature: undefined }
    expect(resignProblems(mistake({ electronFuses: fuses }))).toEqual([
      'electronFuses without resetAdHocDarwinSignature: true: an unsigned macOS build would not launch'
    ])
  })

  it("NSIS's default name, with spaces, fails, as does a product name with a space in the AppImage's", () => {
    const { artifactName: _, ...nsis } = config.nsis!
    expect(feedNameProblems(mistake({ nsis }), app)).toEqual([
      'nsis is named "Onair Setup 1.2.3.exe": the update feed would ask for a file GitHub stores as "Onair.Setup.1.2.3.exe"'
    ])
    const appImage = { artifactName: '${productName}-${version}.${ext}' }
    expect(feedNameProblems(mistake({ appImage }), { ...app, productName: 'On Air' })).toEqual([
      'AppImage is named "On Air-1.2.3.AppImage": the update feed would ask for a file GitHub stores as "On.Air-1.2.3.AppImage"'
    ])
  })

  it('a Mac name without the architecture fails: both builds would be one file', () => {
    const mac = { ...config.mac, artifactName: '${name}-${version}-mac.${ext}' }
    expect(feedNameProblems(mistake({ mac }), app)).toEqual([
      'zip: every architecture gets the name onair-1.2.3-mac.zip',
      'dmg: every architecture gets the name onair-1.2.3-mac.dmg'
    ])
  })

  it("Mac targets without arch fail: only the build machine's architecture is built", () => {
    expect(macArchProblems(mistake({ mac: { target: ['dmg', { target: 'zip', arch: 'arm64' }] } }))).toEqual([
      "mac dmg builds the build machine's architecture only: name arch [x64, arm64]",
      'mac zip builds arm64 only: name arch [x64, arm64]'
    ])
    expect(macArchProblems(mistake({ mac: { target: [{ target: 'zip', arch: 'universal' }] } }))).toEqual([])
  })

  it('an installer that does not register onair://, or leaves it behind, fails', () => {
    expect(windowsSchemeProblems(config, () => undefined)).toEqual([
      'no NSIS include (build/installer.nsh): the installer registers no onair://'
    ])
    const script = read('build/installer.nsh')
    const noUninstall = script.replace(/^!macro customUnInstall[\s\S]*?^!macroend/m, '')
    expect(windowsSchemeProblems(config, () => noUninstall)).toEqual([
      'build/installer.nsh: customUnInstall leaves onair:// pointing at the removed app'
    ])
    const noProtocol = script.replace(/^\s*WriteRegStr.*"URL Protocol".*$/m, '')
    expect(windowsSchemeProblems(config, () => noProtocol)).toEqual([
      'build/installer.nsh: customInstall does not register onair:// (Software\\Classes\\onair, "URL Protocol")'
    ])
  })
})
