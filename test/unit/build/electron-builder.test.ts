/**
 * electron-builder cannot package here (it downloads the Electron zip), but its configuration
 * validator runs offline: this keeps electron-builder.yml loadable and schema-valid.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js'
import { DebugLogger } from 'builder-util'
import { parse } from 'yaml'
import { tempDir } from '../../support/temp-dir'

const root = resolve(import.meta.dirname, '../../..')

async function loadAndValidate(projectDir: string) {
  const config = await getConfig(projectDir, 'electron-builder.yml', null)
  await validateConfiguration(config, new DebugLogger(false))
  return config
}

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own validation', async () => {
    const config = await loadAndValidate(root)
    expect(config.appId).toBe('app.onair.desktop')
    expect(config.productName).toBe('Onair')
    expect(config.directories?.output).toBe('dist')
  })

  it('fails for a bogus key, so the validator really runs', async () => {
    const dir = tempDir('onair-builder-bogus-')
    copyFileSync(join(root, 'package.json'), join(dir, 'package.json'))
    const yml = readFileSync(join(root, 'electron-builder.yml'), 'utf8')
    writeFileSync(join(dir, 'electron-builder.yml'), `${yml}\nnotAnOption: true\n`)
    await expect(loadAndValidate(dir)).rejects.toThrow(/notAnOption/)
  })

  it('builds the agreed targets', () => {
    const raw = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8'))
    expect(raw.mac).toMatchObject({
      target: [
        { target: 'dmg', arch: ['x64', 'arm64'] },
        { target: 'zip', arch: ['x64', 'arm64'] }
      ],
      category: 'public.app-category.entertainment'
    })
    expect(raw.win).toMatchObject({ target: 'nsis' })
    expect(raw.linux).toMatchObject({ target: ['AppImage', 'deb'], category: 'AudioVideo' })
    expect(raw.linux.maintainer).toMatch(/\S+/)
    // Sources, tests, source maps and node_modules dev tooling stay out of the package; only the
    // credential store's native module goes in (scripts/package/native-module.ts).
    expect(raw.files).toEqual([
      'out/**',
      '!out/**/*.map',
      'resources/**',
      'package.json',
      'node_modules/@napi-rs/keyring/**',
      'node_modules/@napi-rs/keyring-*/**'
    ])
  })

  it('signs and notarizes macOS builds, without a Dock icon, with alerts that keep their buttons', () => {
    const raw = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8'))
    expect(raw.mac).toMatchObject({ hardenedRuntime: true, notarize: true })
    expect(readFileSync(join(root, raw.mac.entitlements), 'utf8')).toContain('com.apple.security.cs.allow-jit')
    expect(raw.mac.extendInfo).toEqual({ LSUIElement: true, NSUserNotificationAlertStyle: 'alert' })
    // Linux: the .desktop file is named after package.json's desktopName (the window's app_id).
    expect(raw.linux).toMatchObject({ executableName: 'onair', syncDesktopName: true })
  })

  it('claims onair:// links on every system (Info.plist, the .desktop MimeType, the registry)', () => {
    const raw = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8'))
    expect(raw.protocols).toEqual([{ name: 'Onair link', schemes: ['onair'] }])
  })

  it('points at icons that exist', () => {
    const raw = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8'))
    const png = readFileSync(join(root, raw.icon))
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    // Square and at least 512 px, which the mac .icns conversion needs.
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(512)
    expect(png.readUInt32BE(16)).toBe(png.readUInt32BE(20))
  })
})
