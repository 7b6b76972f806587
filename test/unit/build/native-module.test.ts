import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { binaryPackage, nativeTargetProblems, targetsOf } from '../../../scripts/package/native-module'

/** The credential store's native module in each target's package (scripts/package/native-module.ts). */
const root = resolve(import.meta.dirname, '../../..')
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Parameters<typeof nativeTargetProblems>[0]
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Parameters<typeof nativeTargetProblems>[1]

describe('the native module in every target', () => {
  it('builds for macOS Intel and Apple Silicon, Windows and Linux, each with its binary pinned and unpacked', () => {
    expect(targetsOf(config)).toEqual([
      { platform: 'darwin', arch: 'x64' },
      { platform: 'darwin', arch: 'arm64' },
      { platform: 'win32', arch: 'x64' },
      { platform: 'linux', arch: 'x64' }
    ])
    expect(nativeTargetProblems(config, lock)).toEqual([])
  })

  it('names the binary packages as the library loads them', () => {
    expect(binaryPackage('linux', 'x64')).toBe('@napi-rs/keyring-linux-x64-gnu')
    expect(binaryPackage('win32', 'x64')).toBe('@napi-rs/keyring-win32-x64-msvc')
    expect(binaryPackage('darwin', 'arm64')).toBe('@napi-rs/keyring-darwin-arm64')
  })

  it('fails a target whose binary the lockfile lacks, and a config that packs or unpacks it not', () => {
    const { ['node_modules/@napi-rs/keyring-darwin-arm64']: _gone, ...packages } = lock.packages
    expect(nativeTargetProblems(config, { packages })).toEqual([
      'the darwin arm64 build would lack @napi-rs/keyring-darwin-arm64@2.1.2 (lockfile: none)'
    ])
    const bare = { ...config, files: ['out/**'], asarUnpack: ['out/cli/**'] }
    expect(nativeTargetProblems(bare, lock)).toEqual([
      "electron-builder.yml's files leave out node_modules/@napi-rs/keyring*",
      "electron-builder.yml's asarUnpack leaves node_modules/@napi-rs/keyring* inside app.asar"
    ])
  })
})
