/**
 * How the app ends, as Electron ends it: `before-quit` does not wait for a promise and Node is gone
 * after `quit`; an update's quit (Squirrel.Mac's, where MacUpdater ends) closes the windows first.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { currentHolder } from '../../../src/main/core/folder-hold/folder-lock'
import { app, autoUpdater, FakeBrowserWindow, ipcMain } from './electron-double'
import { shellPerTest, signedInTo } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()
const quitted = () => vi.waitFor(() => expect(app.quitted).toBe(true), { timeout: 10_000 })

describe('quitting', () => {
  it('lets go of the data folder before the process ends, so `onair run` can take over', async () => {
    const s = await run.start()
    await vi.waitFor(() => expect(currentHolder(s.dataDir)?.face).toBe('app'), { timeout: 10_000 })
    // `quit` is the last thing the process does: what the folder shows then is what it is left with.
    let holderAtExit: unknown = 'not quitted'
    app.once('quit', () => (holderAtExit = currentHolder(s.dataDir)))
    app.quit()
    await quitted()
    expect(holderAtExit).toBeNull()
  })

  it('macOS: "Restart to update" closes the window and quits, so Squirrel can install', async () => {
    const s = await run.start({ platform: 'darwin' })
    s.window().show()
    autoUpdater.quitAndInstall()
    await quitted()
    expect(s.window().isDestroyed()).toBe(true)
  })

  it('a request the service never answers holds the quit 5 s at most, and a start meanwhile is a new Onair', async () => {
    const emu = await run.emulator()
    const s = await run.start(signedInTo(emu))
    await s.settle()
    let inFlight = false
    emu.faults.inject({
      method: 'POST',
      path: '/v1/me/records',
      kind: 'hang-after-commit',
      times: 1,
      committed: () => (inFlight = true)
    })
    const episodeId = emu.media.programs.find((p) => p.episodeId !== undefined)!.episodeId!
    expect(await s.invoke('record:create', { episodeId })).toMatchObject({ ok: true })
    // Past the undo window the record is sent, and its answer never comes.
    s.clock.advance(10_000)
    await vi.waitFor(() => expect(inFlight).toBe(true), { timeout: 10_000 })
    app.quit()
    await s.settle()
    expect(app.quitted).toBe(false)
    // Electron would hold the lock until `quit`, sending a new start to this dying process.
    expect(existsSync(join(s.dataDir, 'SingletonLock'))).toBe(false)
    s.clock.advance(5_000)
    await quitted()
    expect(readFileSync(join(s.folder, 'logs', 'main.log'), 'utf8')).toMatch(
      /the services did not stop within 5 s; quitting anyway/
    )
  })

  it('macOS: a relaunch into the update that fails leaves Onair running with a window again', async () => {
    const s = await run.start({ platform: 'darwin' })
    s.window().show()
    autoUpdater.relaunchFails = 'Could not relaunch'
    autoUpdater.quitAndInstall()
    expect(FakeBrowserWindow.instances[0]!.isDestroyed()).toBe(true)
    const again = FakeBrowserWindow.getAllWindows()
    expect(again).toHaveLength(1)
    const window = FakeBrowserWindow.instances.at(-1)!
    window.emit('ready-to-show')
    expect(window.isVisible()).toBe(true)
    // Its page reaches the app again (the closed window's IPC is gone with it).
    const fromPage = { sender: window.webContents, url: window.webContents.getURL() }
    expect(await ipcMain.invoke('app:info', fromPage, undefined)).toMatchObject({ ok: true })
    expect(app.quitted).toBe(false)
  })
})
