import { readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  FakeBrowserWindow,
  FakeEvent,
  FakeNotification,
  FakeTray,
  app,
  dialog,
  defaultSession,
  globalShortcut,
  ipcMain,
  restorePlatform
} from './electron-double'
import { prepareShell, startShell, type Shell } from './harness'
import { ManualClock } from '../../support/manual-clock'
import { openAppLog } from '../../../src/main/shell/log'
import { tempDir } from '../../support/temp-dir'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

let shell: Shell | undefined
afterEach(async () => {
  await shell?.quit()
  shell = undefined
})

describe('launch: before and after ready', () => {
  it('creates nothing before Electron is ready, then the hardened session, the window, IPC and the tray', async () => {
    shell = await startShell({ manualReady: true })
    await shell.settle()
    expect(FakeBrowserWindow.instances).toHaveLength(0)
    expect(FakeTray.instances).toHaveLength(0)
    expect(ipcMain.handlers.size).toBe(0)
    // The single-instance lock and the web-contents hardening are in place before ready.
    expect(app.listenerCount('web-contents-created')).toBe(1)
    // What Electron refuses before ready (electron_api_notification.cc Notification::New,
    // electron_api_global_shortcut.cc Register) was not tried: the launch got this far.
    expect(() => new FakeNotification({ title: 'x' })).toThrow('Cannot create Notification before app is ready')
    expect(() => globalShortcut.register('Ctrl+Alt+O', () => undefined)).toThrow(
      'globalShortcut cannot be used before the app is ready'
    )
    app.becomeReady()
    await shell.started
    expect(defaultSession().webRequest.headersListener).not.toBeNull()
    expect(FakeBrowserWindow.instances).toHaveLength(1)
    expect(FakeTray.instances).toHaveLength(1)
    expect(ipcMain.handlers.has('app:info')).toBe(true)
    expect(await shell.invoke('app:info')).toMatchObject({ ok: true, value: { name: 'Onair', version: '0.1.0' } })
  })

  it('shows the window once it is ready to show, loading the built renderer from the app folder', async () => {
    shell = await startShell()
    await shell.started
    const window = shell.window()
    expect(window.loaded).toEqual([{ url: 'app://onair/index.html' }])
    expect(window.options.webPreferences).toMatchObject({
      preload: join(shell.appPath, 'out/preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false
    })
    expect(window.isVisible()).toBe(false)
    window.emit('ready-to-show')
    expect(window.isVisible()).toBe(true)
  })

  it('starts hidden in the tray when launched at login (--hidden)', async () => {
    shell = await startShell({ argv: ['onair', '--hidden'] })
    await shell.started
    shell.window().emit('ready-to-show')
    expect(shell.window().isVisible()).toBe(false)
    shell.menu().click('Open schedule')
    expect(shell.window().isVisible()).toBe(true)
  })

  it('leaves when another Onair holds the lock, and the running one shows itself instead', async () => {
    shell = await startShell({ locked: true })
    await shell.started
    expect(app.quitted).toBe(true)
    expect(FakeBrowserWindow.instances).toHaveLength(0)
    await shell.quit()

    shell = await startShell()
    await shell.started
    expect(shell.window().isVisible()).toBe(false)
    app.emit('second-instance', new FakeEvent(), ['/opt/Onair/onair'], '/')
    expect(shell.window().isVisible()).toBe(true)
  })

  it('resolves a relative ONAIR_DATA_DIR and creates it, instead of failing in app.setPath', async () => {
    const cwd = process.cwd()
    const base = tempDir('onair-cwd-')
    process.chdir(base)
    try {
      shell = await startShell({ env: { ONAIR_DATA_DIR: 'relative/data' } })
      await shell.started
      expect(app.exitCode).toBeNull()
      const used = app.getPath('userData')
      expect(used).toBe(join(process.cwd(), 'relative/data'))
      expect(statSync(used).isDirectory()).toBe(true)
      expect(FakeTray.instances).toHaveLength(1)
    } finally {
      process.chdir(cwd)
      rmSync(base, { recursive: true, force: true })
    }
  })

  it('uses the command line’s folder (`onair` in app data) when no folder is given', async () => {
    shell = await startShell({ env: { ONAIR_DATA_DIR: '' } })
    await shell.started
    expect(app.getPath('userData')).toBe(join(shell.folder, 'appData', 'onair'))
  })

  it.each([
    { packaged: true, expected: 'app.onair.desktop' },
    { packaged: false, expected: process.execPath }
  ])('gives Windows toasts an identity Windows knows (packaged: $packaged)', async ({ packaged, expected }) => {
    shell = await startShell({ platform: 'win32', packaged })
    await shell.started
    expect(app.appUserModelId).toBe(expected)
  })

  it('ends with exit code 1 when the data folder cannot be made', async () => {
    const blocker = join(tempDir('onair-blocker-'), 'a-file')
    writeFileSync(blocker, '')
    shell = await startShell({ env: { ONAIR_DATA_DIR: join(blocker, 'data') } })
    await shell.started
    expect(app.exitCode).toBe(1)
    expect(FakeBrowserWindow.instances).toHaveLength(0)
    expect(dialog.errorBoxes).toEqual([{ title: 'Onair', content: expect.stringContaining(blocker) }])
  })

  it('never writes the log through a link at its name: the line stays on the console, the target untouched', () => {
    const folder = tempDir('onair-log-link-')
    const target = join(folder, 'elsewhere.txt')
    writeFileSync(target, 'mine\n')
    symlinkSync(target, join(folder, 'main.log'))
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {})
    try {
      openAppLog(new ManualClock(0), folder).write('error', 'through a link?')
      expect(console).toHaveBeenCalledWith(expect.stringContaining('through a link?'))
    } finally {
      console.mockRestore()
    }
    expect(readFileSync(target, 'utf8')).toBe('mine\n')
  })

  it('writes uncaught errors and unhandled rejections to the log file', async () => {
    shell = await startShell()
    await shell.started
    process.emit('unhandledRejection', new Error('lost promise Bearer abc.def'), Promise.resolve())
    process.emit('uncaughtException', new Error('boom'))
    const log = readFileSync(join(shell.folder, 'logs', 'main.log'), 'utf8')
    expect(log).toMatch(/ERROR unhandled promise rejection Error: lost promise Bearer \[redacted\]/)
    expect(log).toMatch(/ERROR uncaught exception Error: boom/)
    expect(log).not.toContain('abc.def')
  })

  it('runs from src/main/index.ts', async () => {
    const { dataDir, folder } = prepareShell()
    const saved = process.env['ONAIR_DATA_DIR']
    process.env['ONAIR_DATA_DIR'] = dataDir
    try {
      await import('../../../src/main/index')
      app.becomeReady()
      await vi.waitFor(() => expect(FakeTray.instances).toHaveLength(1))
      expect(app.getPath('userData')).toBe(dataDir)
      app.quit()
      await vi.waitFor(() => expect(app.quitted).toBe(true), { timeout: 10_000 })
    } finally {
      if (saved === undefined) delete process.env['ONAIR_DATA_DIR']
      else process.env['ONAIR_DATA_DIR'] = saved
      restorePlatform()
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
