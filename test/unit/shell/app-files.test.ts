import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { appIconFileOnDisk } from '../../../src/main/shell/app-files'

const root = resolve(import.meta.dirname, '../../..')

describe('the icon Linux notifications name by path', () => {
  it('is the copy beside app.asar, a file the notification server can open', () => {
    expect(appIconFileOnDisk('/opt/Onair/resources/app.asar')).toBe(
      '/opt/Onair/resources/app.asar.unpacked/resources/icon.png'
    )
    expect(appIconFileOnDisk('/home/me/onair')).toBe('/home/me/onair/resources/icon.png')
    const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as { asarUnpack: string[] }
    expect(config.asarUnpack).toContain('resources/icon.png')
  })
})
