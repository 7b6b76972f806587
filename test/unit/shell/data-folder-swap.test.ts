/**
 * The app, like `onair run`, writes only into the data folder it started with: another folder put
 * at its name is said in an error box (in the user's language) and the app ends at once, before
 * writing anything into it.
 */
import { mkdirSync, readdirSync, renameSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { FOLDER_CHECK_MS } from '../../../src/main/core/store/data-dir'
import { app, dialog } from './electron-double'
import { shellPerTest, signedInTo } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()

describe("the app's data folder swapped while it runs", () => {
  it('is said, and the app exits with 1 without writing into the folder now at that name', async () => {
    const emu = await run.emulator()
    const shell = await run.start(signedInTo(emu))
    await vi.waitFor(() => expect(emu.requests.length).toBeGreaterThan(0))
    await shell.settle(20)
    renameSync(shell.dataDir, `${shell.dataDir}-moved`)
    mkdirSync(shell.dataDir, { mode: 0o700 })
    shell.clock.advance(FOLDER_CHECK_MS)
    expect(app.exitCode).toBe(1)
    expect(dialog.errorBoxes).toEqual([
      { title: 'Onair', content: expect.stringContaining(`Another folder now stands at ${shell.dataDir}`) }
    ])
    expect(readdirSync(shell.dataDir)).toEqual([])
  })
})
