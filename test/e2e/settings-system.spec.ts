import type { Page } from '@playwright/test'
import { startEmulator, type Emulator } from '../emulator'
import {
  emulatedAccount,
  expect,
  expectNoSeriousA11yViolations,
  pageScrollWidth,
  test,
  type HarnessParts,
  type OnairHarness
} from './fixtures'

/**
 * Settings a system decides: the macOS menu-bar countdown, shown only where the
 * renderer is told it runs on macOS (a switch that does nothing elsewhere would mislead), and
 * About → Copy diagnostics, the `onair doctor` report onto the clipboard; and the inbox's unread count
 * on the app's icons (ui.unreadBadge), a switch everywhere. At 420×640, by keyboard,
 * in both languages.
 */
let emu: Emulator
let clipboard: string[]
test.beforeEach(async () => {
  emu = await startEmulator({ port: 0 })
  clipboard = []
})
test.afterEach(() => emu.close())

const withAccount = (extra: object = {}) => ({
  viewport: { width: 420, height: 640 },
  onairDepsFor: {
    build: (parts: HarnessParts) => ({
      ...emulatedAccount(emu, { configured: true }).build(parts),
      ...extra
    })
  }
})

async function openSettings(onair: OnairHarness, page: Page, lang: 'en' | 'ja' = 'en'): Promise<void> {
  await onair.open()
  await onair.core.account!.signInWithToken(emu.tokens.readWrite)
  if (lang === 'ja') {
    await onair.core.settings!.update((doc) => ({ ...doc, ui: { ...doc.ui, locale: 'ja' } }))
    await page.reload()
  }
  await page
    .getByRole('navigation')
    .getByRole('button', { name: lang === 'ja' ? '設定' : 'Settings' })
    .click()
}

test.describe('on macOS', () => {
  test.use({ ...withAccount(), onairDeps: { platform: 'darwin' } })

  test('the menu-bar countdown: off by default, its hint says macOS, saved by keyboard', async ({ onair, page }) => {
    await openSettings(onair, page)
    const box = page.getByRole('checkbox', { name: 'Countdown in the menu bar' })
    await expect(box).not.toBeChecked()
    await expect(box).toHaveAccessibleDescription(/^macOS only: the time to the next broadcast/)
    await box.focus()
    await page.keyboard.press('Space')
    await expect(page.getByTestId('schedule-prefs-saved')).toContainText('Saved')
    await expect.poll(() => onair.core.settings!.read().ui.menuBarCountdown).toBe(true)
    await expectNoSeriousA11yViolations(page)
    expect(await pageScrollWidth(page)).toBe(420)
  })

  test('in Japanese', async ({ onair, page }) => {
    await openSettings(onair, page, 'ja')
    const box = page.getByRole('checkbox', { name: 'メニューバーにカウントダウンを表示' })
    await expect(box).toHaveAccessibleDescription(/^macOS のみ/)
    await box.check()
    await expect.poll(() => onair.core.settings!.read().ui.menuBarCountdown).toBe(true)
    expect(await pageScrollWidth(page)).toBe(420)
  })
})

test.describe('on Linux', () => {
  test.use(withAccount())

  test('no menu-bar switch: there is no menu bar to count down in', async ({ onair, page }) => {
    await openSettings(onair, page)
    await expect(page.getByRole('checkbox', { name: 'Show late-night slots as 25:30' })).toBeVisible()
    await expect(page.getByRole('checkbox', { name: 'Countdown in the menu bar' })).toHaveCount(0)
  })

  test('the unread badge: on by default, in the Inbox section, its hint says where, off by keyboard', async ({
    onair,
    page
  }) => {
    await openSettings(onair, page)
    const box = page
      .getByRole('region', { name: 'Inbox' })
      .getByRole('checkbox', { name: 'Unread count on the Onair icon' })
    await expect(box).toBeChecked()
    await expect(box).toHaveAccessibleDescription(/^A dot on the tray icon, and the count on the Dock/)
    await box.focus()
    await page.keyboard.press('Space')
    await expect(page.getByTestId('inbox-prefs-saved')).toContainText('Saved')
    await expect.poll(() => onair.core.settings!.read().ui.unreadBadge).toBe(false)
    // Only the badge: the inbox's own settings beside it are left as they were.
    expect(onair.core.settings!.read().inbox.notify).toBe(true)
    await expectNoSeriousA11yViolations(page)
    expect(await pageScrollWidth(page)).toBe(420)
  })

  test('the unread badge in Japanese, and back on', async ({ onair, page }) => {
    await onair.core.settings!.update((doc) => ({ ...doc, ui: { ...doc.ui, unreadBadge: false } }))
    await openSettings(onair, page, 'ja')
    const box = page.getByRole('checkbox', { name: '未読の数を Onair のアイコンに表示する' })
    await expect(box).not.toBeChecked()
    await expect(box).toHaveAccessibleDescription(/^トレイのアイコンに点を付け/)
    await box.check()
    await expect.poll(() => onair.core.settings!.read().ui.unreadBadge).toBe(true)
    await expectNoSeriousA11yViolations(page)
    expect(await pageScrollWidth(page)).toBe(420)
  })
})

test.describe('Copy diagnostics that fail', () => {
  test.use(
    withAccount({
      diagnostics: {
        text: () => 'report',
        copy: () => {
          throw new Error('clipboard busy')
        }
      }
    })
  )

  test('say so, revealing nothing of the error, and copy nothing', async ({ onair, page }) => {
    await openSettings(onair, page)
    const about = page.getByRole('region', { name: 'About Onair' })
    await about.getByRole('button', { name: 'Copy diagnostics' }).click()
    await expect(about).toContainText('Something went wrong inside Onair. Please try again.')
    await expect(about).not.toContainText('Copied.')
  })
})

test.describe('Copy diagnostics', () => {
  test.use(
    withAccount({ diagnostics: { text: () => 'Onair 0.1.0-e2e\nreport', copy: (t: string) => void clipboard.push(t) } })
  )

  test('the report reaches the clipboard; "Copied." is announced; by keyboard, axe-clean', async ({ onair, page }) => {
    await openSettings(onair, page)
    const about = page.getByRole('region', { name: 'About Onair' })
    await about.getByRole('button', { name: 'Copy diagnostics' }).focus()
    await page.keyboard.press('Enter')
    await expect(about).toContainText('Copied.')
    expect(clipboard).toEqual(['Onair 0.1.0-e2e\nreport'])
    await expectNoSeriousA11yViolations(page)
  })

  test('in Japanese', async ({ onair, page }) => {
    await openSettings(onair, page, 'ja')
    const about = page.getByRole('region', { name: 'Onair について' })
    await about.getByRole('button', { name: '診断情報をコピー' }).click()
    await expect(about).toContainText('コピーしました。')
    expect(clipboard).toHaveLength(1)
    expect(await pageScrollWidth(page)).toBe(420)
  })
})
