/**
 * The tray as the OS gets it: created with the state's image (loaded, not empty) and a menu, and
 * the window hidden and shown again from it (a click on Windows and Linux, the menu's "Open
 * schedule" on macOS, where a click opens the menu).
 */
import { expect, test } from '@playwright/test'
import { electronOrSkip } from './electron'
import { launchOnair, type Launched } from './launch'

const executablePath = electronOrSkip()
let onair: Launched

test.beforeAll(async () => {
  onair = await launchOnair(executablePath!)
  await onair.app.firstWindow()
})
test.afterAll(async () => onair?.close())

test('the tray is created with an image and a menu', async () => {
  await expect.poll(() => onair.app.evaluate(() => globalThis.__onairSpy.trays.length)).toBe(1)
  const seen = await onair.app.evaluate(() => {
    const spy = globalThis.__onairSpy
    const menu = spy.menus.at(-1)
    return {
      destroyed: spy.trays[0].isDestroyed(),
      trayImages: spy.images.filter((i: { path: string }) => /[/\\]tray[/\\]/.test(i.path)),
      labels: menu.items.map((item: { label: string }) => item.label)
    }
  })
  expect(seen.destroyed).toBe(false)
  expect(seen.trayImages.length).toBeGreaterThan(0)
  for (const image of seen.trayImages) expect(image).toMatchObject({ empty: false })
  expect(seen.labels).toEqual(expect.arrayContaining(['Open schedule', 'Quit Onair']))
})

test('the window hides and shows again from the tray', async () => {
  const visible = () => onair.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.isVisible())
  await onair.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close())
  await expect.poll(visible).toBe(false)
  await onair.app.evaluate(() => {
    const spy = globalThis.__onairSpy
    if (process.platform === 'darwin') {
      spy.menus
        .at(-1)
        .items.find((item: { label: string }) => item.label === 'Open schedule')
        .click()
    } else spy.trays[0].emit('click')
  })
  await expect.poll(visible).toBe(true)
})
