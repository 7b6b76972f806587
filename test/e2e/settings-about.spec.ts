import { ManualClock } from '../support/manual-clock'
import { createUpdateService, type UpdateDriver } from '../../src/main/core/update/service'
import { startEmulator, type Emulator } from '../emulator'
import { emulatedAccount, expect, expectNoSeriousA11yViolations, test } from './fixtures'

/**
 * Settings → About over the core's update service, with a feed scripted here (electron-updater and
 * a real feed are tested on the Electron double in test/unit/shell/updater.test.ts): the version,
 * the last check, "Check now", and the offer "Restart to update" / "Later", by keyboard, in both
 * languages, within the 420 px window.
 */
let emu: Emulator
const restarts: string[] = []
const feed: UpdateDriver = {
  check: async () => ({ version: '0.2.0', newer: true, url: 'https://updates.onair.invalid/Onair-0.2.0.AppImage' }),
  download: async () => {},
  restart: () => void restarts.push('0.2.0'),
  abandon: () => {}
}

test.beforeEach(async () => {
  emu = await startEmulator({ port: 0 })
  restarts.length = 0
})
test.afterEach(() => emu.close())
test.use({
  viewport: { width: 420, height: 640 },
  onairDepsFor: {
    build: (parts) => ({
      ...emulatedAccount(emu, { configured: true }).build(parts),
      updates: createUpdateService({
        clock: new ManualClock(Date.UTC(2026, 10, 24, 9, 30)),
        mode: { kind: 'auto' },
        version: '0.1.0',
        online: () => true,
        driver: feed,
        openExternal: async () => {},
        timeZone: () => 'UTC',
        onError: () => {}
      })
    })
  }
})

test('About: the version and last check, "Check now", then the offer once, by keyboard', async ({ onair, page }) => {
  await onair.open()
  await onair.core.account!.signInWithToken(emu.tokens.readWrite)
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click()
  const about = page.getByRole('region', { name: 'About Onair' })
  await about.scrollIntoViewIfNeeded()
  await expect(about).toContainText('Version 0.1.0 · Not checked for updates yet.')
  await expectNoSeriousA11yViolations(page)

  await about.getByRole('button', { name: 'Check now' }).focus()
  await page.keyboard.press('Enter')
  const restart = about.getByRole('button', { name: 'Restart to update to 0.2.0' })
  await expect(restart).toBeVisible()
  await expect(about).toContainText('0.2.0 will be installed when Onair quits.')
  // The longest button row still fits the window: nothing runs past its right edge.
  const width = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth
  )
  expect(width).toBe(420)

  await about.getByRole('button', { name: 'Later' }).click()
  await expect(restart).toHaveCount(0)
  // No update button is left; Copy diagnostics stays.
  await expect(about.getByRole('button')).toHaveText(['Copy diagnostics'])
  expect(restarts).toEqual([])
})

test('About in Japanese; "Restart" restarts into the update', async ({ onair, page }) => {
  await onair.open()
  await onair.core.account!.signInWithToken(emu.tokens.readWrite)
  await onair.core.settings!.update((doc) => ({ ...doc, ui: { ...doc.ui, locale: 'ja' } }))
  await page.reload()
  await page.getByRole('navigation').getByRole('button', { name: '設定' }).click()
  const about = page.getByRole('region', { name: 'Onair について' })
  await expect(about).toContainText('バージョン 0.1.0 · まだ更新を確認していません。')
  await about.getByRole('button', { name: '今すぐ確認' }).click()
  await about.getByRole('button', { name: '再起動して 0.2.0 に更新' }).click()
  expect(restarts).toEqual(['0.2.0'])
  await expectNoSeriousA11yViolations(page)
})
