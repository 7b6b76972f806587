import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { FakeWebContents, app, ipcMain } from './electron-double'
import { shellPerTest, withDevServer, type Shell } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()
const started = run.start

describe('the window', () => {
  it('hides to the tray when closed, and closes for real only when quitting', async () => {
    const s = await started()
    const window = s.window()
    window.show()
    window.close()
    expect(window.isDestroyed()).toBe(false)
    expect(window.isVisible()).toBe(false)
    s.menu().click('Quit Onair')
    await vi.waitFor(() => expect(app.quitted).toBe(true), { timeout: 10_000 })
    expect(window.isDestroyed()).toBe(true)
    expect(s.tray().isDestroyed()).toBe(true)
    // Unbound, so a late message finds no handler rather than a torn-down core.
    expect(ipcMain.handlers.size).toBe(0)
  })

  it('restores a minimised window when asked to show it', async () => {
    const s = await started()
    s.window().minimize()
    app.emit('activate')
    expect(s.window().isMinimized()).toBe(false)
    expect(s.window().isVisible()).toBe(true)
  })

  it('reloads a renderer that crashed, but not in an endless loop', async () => {
    const s = await started()
    const window = s.window()
    const crash = () => window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 133 })
    crash()
    expect(window.loaded).toHaveLength(2)
    crash()
    crash()
    expect(window.loaded).toHaveLength(4)
    crash()
    expect(window.loaded).toHaveLength(4)
    // A minute later it is reloaded again.
    s.clock.advance(61_000)
    crash()
    expect(window.loaded).toHaveLength(5)
    window.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 })
    expect(window.loaded).toHaveLength(5)
    const log = readFileSync(join(s.folder, 'logs', 'main.log'), 'utf8')
    expect(log).toContain('renderer gone (crashed, exit code 133)')
    expect(log).toContain('keeps crashing')
  })

  it('gives the Linux window the app icon', async () => {
    const s = await started({ platform: 'linux' })
    expect(s.window().options.icon).toMatchObject({ path: join(s.appPath, 'resources/icon.png') })
  })

  it('loads the dev server only when unpackaged; a packaged build ignores ELECTRON_RENDERER_URL', async () => {
    await withDevServer('http://localhost:5173/', async () => {
      let s = await started({ packaged: true })
      expect(s.window().loaded).toEqual([{ url: 'app://onair/index.html' }])
      // And that origin is not trusted for IPC.
      const evil = await ipcMain.invoke('app:info', { sender: s.window().webContents, url: 'http://localhost:5173/' })
      expect(evil).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } })
      s = await started({ packaged: false })
      expect(s.window().loaded).toEqual([{ url: 'http://localhost:5173/' }])
      expect(await s.invoke('app:info')).toMatchObject({ ok: true })
    })
  })
})

describe('IPC', () => {
  it('answers the renderer at its own origin, wherever the app is installed ([ and ] in the path)', async () => {
    const s = await started({ packaged: true })
    expect(s.appPath).toContain('[dev]')
    const url = 'app://onair/index.html#/settings'
    const reply = await ipcMain.invoke('app:info', { sender: s.window().webContents, url })
    expect(reply).toMatchObject({ ok: true, value: { name: 'Onair' } })
  })

  it.each([
    ['another web contents', (s: Shell) => ({ sender: new FakeWebContents(), url: s.window().webContents.getURL() })],
    [
      'a child frame',
      (s: Shell) => ({ sender: s.window().webContents, url: s.window().webContents.getURL(), parent: {} })
    ],
    ['another file', (s: Shell) => ({ sender: s.window().webContents, url: `file://${s.appPath}/evil.html` })],
    [
      'the renderer as a file',
      (s: Shell) => ({ sender: s.window().webContents, url: `file://${s.appPath}/out/renderer/index.html` })
    ],
    ['another page of the origin', (s: Shell) => ({ sender: s.window().webContents, url: 'app://onair/assets/x.svg' })],
    ['another host of the scheme', (s: Shell) => ({ sender: s.window().webContents, url: 'app://evil/index.html' })],
    ['a web page', (s: Shell) => ({ sender: s.window().webContents, url: 'https://example.com/' })]
  ])('refuses a command from %s before it reaches the core', async (_name, from) => {
    const s = await started()
    const reply = await ipcMain.invoke('app:openExternal', from(s), { url: 'https://example.com/' })
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden-sender', message: { en: expect.any(String) } } })
    expect((await import('./electron-double')).shell.opened).toEqual([])
  })

  it('validates input, runs the command, and pushes core events to the window', async () => {
    const s = await started()
    expect(await s.invoke('app:openExternal', { url: 'file:///etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' }
    })
    expect(await s.invoke('app:openExternal', { url: 'https://example.com/a' })).toEqual({ ok: true })
    const { shell: electronShell } = await import('./electron-double')
    expect(electronShell.opened).toEqual(['https://example.com/a'])
    s.menu().click('Settings…')
    expect(s.events('app:navigate')).toEqual([{ view: 'settings' }])
  })
})
