import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createPackage } from '@electron/asar'
import { describe, expect, it } from 'vitest'
import { desktopIdProblems, packagedDesktopIdProblems } from '../../../scripts/package/desktop-id'
import { tempDir } from '../../support/temp-dir'

const root = resolve(import.meta.dirname, '../../..')

describe('the package check of the desktop id', () => {
  it("passes this project's package.json", () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { desktopName: string }
    expect(desktopIdProblems(pkg.desktopName)).toEqual([])
  })

  it('fails the plain name GNOME Wayland denies shortcuts to, and an id the app does not name', () => {
    expect(desktopIdProblems('onair.desktop')).toEqual([
      'desktopName "onair.desktop" is not a reverse-DNS id: GNOME Wayland would deny every shortcut'
    ])
    expect(desktopIdProblems('app.onair.1Onair.desktop')).toHaveLength(1)
    expect(desktopIdProblems('io.github.onair.Onair.desktop')).toEqual([
      'desktopName "io.github.onair.Onair.desktop" is not app.onair.Onair.desktop, the id the app\'s autostart and notifications name'
    ])
  })

  it('reads the packaged package.json from app.asar', async () => {
    const out = tempDir('onair-desktop-id-')
    try {
      const src = join(out, 'src')
      mkdirSync(src)
      writeFileSync(join(src, 'package.json'), JSON.stringify({ name: 'onair', desktopName: 'onair.desktop' }))
      mkdirSync(join(out, 'resources'))
      await createPackage(src, join(out, 'resources', 'app.asar'))
      expect(packagedDesktopIdProblems(out)).toHaveLength(1)
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })
})
