/**
 * A second start of Onair hands its command line to the running one and quits; the running one
 * shows its window (a user who starts the app again is looking for it).
 */
import { spawn } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { appArgs } from '../../scripts/electron-app'
import { electronOrSkip, root } from './electron'
import { launchOnair, type Launched } from './launch'

const executablePath = electronOrSkip()
let onair: Launched

test.afterAll(async () => onair?.close())

test('a second instance hands its arguments to the first, which shows its window', async () => {
  onair = await launchOnair(executablePath!)
  await onair.app.firstWindow()
  const visible = () => onair.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.isVisible())
  await onair.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.hide())
  await expect.poll(visible).toBe(false)

  // Same data folder, hence the same single-instance lock.
  const second = spawn(executablePath!, [...appArgs(root), '--from-the-second-instance'], {
    cwd: root,
    env: { ...process.env, ONAIR_DATA_DIR: onair.dataDir },
    stdio: 'ignore'
  })
  expect(await new Promise((res) => second.on('close', res))).toBe(0)
  await expect
    .poll(() =>
      onair.app.evaluate(() =>
        globalThis.__onairSpy.secondInstances.some((argv: string[]) => argv.includes('--from-the-second-instance'))
      )
    )
    .toBe(true)
  await expect.poll(visible).toBe(true)
})
