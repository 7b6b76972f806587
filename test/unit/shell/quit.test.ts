/**
 * How the app ends, as Electron ends it: `before-quit` does not wait for a promise and Node is gone
 * after `quit`; an update's quit (Squirrel.Mac's, where MacUpdater ends) closes the windows first.
 */
import { describe, expect, it, vi } from 'vitest'
import { currentHolder } from '../../../src/main/core/schedule/folder-lock'
import { app, autoUpdater } from './electron-double'
import { shellPerTest } from './harness'

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
})
