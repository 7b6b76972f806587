import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { autostartEntry, autostartPath, execArg } from '../../../src/main/core/autostart'
import { FakeMenu, app, shell as electronShell } from './electron-double'
import { shellPerTest, type Shell } from './harness'
import { tempDir } from '../../support/temp-dir'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()
const startup = (s: Shell, patch: Record<string, boolean>) => s.invoke('settings:update', { startup: patch })

describe('launch at login', () => {
  it('macOS: a login item, and a start at login stays in the menu bar', async () => {
    let s = await run.start({ platform: 'darwin', packaged: true })
    expect(await startup(s, { openAtLogin: true })).toMatchObject({ ok: true })
    expect(app.loginItem).toEqual({ openAtLogin: true })
    await startup(s, { openAtLogin: false })
    expect(app.loginItem).toEqual({ openAtLogin: false })

    s = await run.start({ platform: 'darwin', packaged: true, before: () => (app.wasOpenedAtLogin = true) })
    s.window().emit('ready-to-show')
    expect(s.window().isVisible()).toBe(false)
  })

  it('Windows: a login item that passes --hidden; the window waits unless the user wants it', async () => {
    let s = await run.start({ platform: 'win32', packaged: true })
    await startup(s, { openAtLogin: true })
    expect(app.loginItem).toEqual({ openAtLogin: true, args: ['--hidden'] })

    s = await run.start({ platform: 'win32', packaged: true, argv: ['Onair.exe', '--hidden'] })
    s.window().emit('ready-to-show')
    expect(s.window().isVisible()).toBe(false)

    const shown = JSON.stringify({ startup: { hiddenAtLogin: false } })
    s = await run.start({
      platform: 'win32',
      packaged: true,
      argv: ['Onair.exe', '--hidden'],
      files: { 'settings.json': shown }
    })
    s.window().emit('ready-to-show')
    expect(s.window().isVisible()).toBe(true)
  })

  it('Linux: an XDG autostart entry for the AppImage, written and removed with the setting', async () => {
    const config = tempDir('onair-xdg-')
    const s = await run.start({
      platform: 'linux',
      packaged: true,
      env: { APPIMAGE: '/home/me/Apps/Onair 1.0.AppImage', XDG_CONFIG_HOME: config }
    })
    await startup(s, { openAtLogin: true })
    const entry = join(config, 'autostart/app.onair.Onair.desktop')
    expect(readFileSync(entry, 'utf8')).toContain('Exec="/home/me/Apps/Onair 1.0.AppImage" --hidden\n')
    await startup(s, { openAtLogin: false })
    expect(existsSync(entry)).toBe(false)
    rmSync(config, { recursive: true, force: true })
  })

  it('Linux: an updated AppImage (a new name) rewrites the entry at its first start, staying off if the user turned it off', async () => {
    const config = tempDir('onair-xdg-update-')
    mkdirSync(join(config, 'autostart'))
    const entryFile = join(config, 'autostart/app.onair.Onair.desktop')
    writeFileSync(entryFile, autostartEntry(['/home/me/Apps/Onair-0.1.0.AppImage'], false))
    await run.start({
      platform: 'linux',
      packaged: true,
      env: { APPIMAGE: '/home/me/Apps/Onair-0.2.0.AppImage', XDG_CONFIG_HOME: config },
      files: { 'settings.json': JSON.stringify({ startup: { openAtLogin: true } }) }
    })
    const entry = readFileSync(entryFile, 'utf8')
    expect(entry).toContain('Exec=/home/me/Apps/Onair-0.2.0.AppImage --hidden\n')
    expect(entry).toContain('X-GNOME-Autostart-enabled=false\n')
    rmSync(config, { recursive: true, force: true })
  })

  it('Linux: a link in the autostart entry’s place is never written through; the refusal is logged', async () => {
    const config = tempDir('onair-xdg-link-')
    const s = await run.start({ platform: 'linux', packaged: true, env: { XDG_CONFIG_HOME: config } })
    // Planted once the app runs (at start, with the setting off, the entry's name is removed).
    const target = join(config, 'elsewhere.desktop')
    writeFileSync(target, 'mine\n')
    mkdirSync(join(config, 'autostart'), { recursive: true })
    symlinkSync(target, join(config, 'autostart/app.onair.Onair.desktop'))
    await startup(s, { openAtLogin: true })
    expect(readFileSync(target, 'utf8')).toBe('mine\n')
    expect(readFileSync(join(s.folder, 'logs/main.log'), 'utf8')).toMatch(
      /autostart entry .* could not be changed.*ELOOP/s
    )
  })

  it('a development build registers nothing, and says why in the log', async () => {
    const s = await run.start({ platform: 'win32', packaged: false })
    await startup(s, { openAtLogin: true })
    expect(app.loginItem).toEqual({})
    expect(readFileSync(join(s.folder, 'logs/main.log'), 'utf8')).toContain('only registered by an installed build')
  })
})

describe('the XDG autostart entry (pure)', () => {
  it('quotes Exec arguments as the Desktop Entry spec asks', () => {
    expect(execArg('/opt/Onair/onair')).toBe('/opt/Onair/onair')
    expect(execArg('/home/me/My Apps/Onair.AppImage')).toBe('"/home/me/My Apps/Onair.AppImage"')
    expect(execArg('/tmp/a"b$c`d\\e')).toBe('"/tmp/a\\"b\\$c\\`d\\\\e"')
    expect(execArg('/tmp/100%')).toBe('"/tmp/100%%"')
    // And the file's string escaping doubles each backslash once more.
    expect(autostartEntry(['/a\\b'])).toContain('Exec="/a\\\\\\\\b" --hidden\n')
  })

  it('lives in XDG_CONFIG_HOME/autostart, else ~/.config/autostart', () => {
    expect(autostartPath({ XDG_CONFIG_HOME: '/x/config' }, '/home/me')).toBe(
      '/x/config/autostart/app.onair.Onair.desktop'
    )
    expect(autostartPath({}, '/home/me')).toBe('/home/me/.config/autostart/app.onair.Onair.desktop')
  })

  it('is a desktop entry GNOME and KDE start', () => {
    expect(autostartEntry(['/opt/Onair/onair']).split('\n')).toEqual([
      '[Desktop Entry]',
      'Type=Application',
      'Name=Onair',
      'Comment=Tray reminders for the anime you watch',
      'Exec=/opt/Onair/onair --hidden',
      'Icon=onair',
      'Terminal=false',
      'X-GNOME-Autostart-enabled=true',
      ''
    ])
  })
})

describe('a tray app’s habits', () => {
  it('macOS: no Dock icon unless the setting asks for one', async () => {
    const s = await run.start({ platform: 'darwin' })
    expect(app.dock?.isVisible()).toBe(false)
    await startup(s, { showInDock: true })
    expect(app.dock?.isVisible()).toBe(true)
  })

  it('packaged: no Reload, DevTools or Help menus (macOS keeps app, edit and window menus)', async () => {
    await run.start({ platform: 'darwin', packaged: true })
    expect(FakeMenu.application?.template).toEqual([{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }])
    await run.start({ platform: 'linux', packaged: true })
    expect(FakeMenu.application).toBeNull()
    // Developing, Electron's menu (with Reload and DevTools) stays.
    await run.start({ platform: 'linux', packaged: false })
    expect(JSON.stringify(FakeMenu.application?.template)).toContain('toggleDevTools')
  })

  it('Escape (that nothing in the page used) sends the window back to the tray', async () => {
    const s = await run.start()
    s.window().show()
    expect(await s.invoke('app:hideWindow')).toEqual({ ok: true })
    expect(s.window().isVisible()).toBe(false)
  })

  it('Settings opens the log file, which exists even when nothing went wrong', async () => {
    const s = await run.start()
    expect(await s.invoke('app:openLog')).toEqual({ ok: true })
    const log = join(s.folder, 'logs/main.log')
    expect(electronShell.openedPaths).toEqual([log])
    expect(existsSync(log)).toBe(true)
  })
})
