import type { ShortcutAction } from '../../src/shared/shortcut-press'
import type { ShortcutShell } from '../../src/main/core/shortcuts/ipc'
import { startEmulator, type Emulator } from '../emulator'
import { emulatedAccount, expect, expectNoSeriousA11yViolations, test } from './fixtures'

/**
 * Settings → Shortcuts recording key combinations, over the core's `shortcuts:*` and a system of
 * global shortcuts recorded here (the Electron side is tested on the double in test/unit/shell).
 */
let emu: Emulator
/** What the "system" holds for Onair, and the combinations another app holds. */
const system = { ours: new Map<ShortcutAction, string>(), elsewhere: new Set<string>() }
const shortcutShell: ShortcutShell = {
  set(action, accelerator) {
    if (system.elsewhere.has(accelerator)) return false
    if (accelerator) system.ours.set(action, accelerator)
    else system.ours.delete(action)
    return true
  },
  active: (action) => system.ours.has(action)
}

/** The page's width as laid out: 420 when nothing runs past the window's right edge. */
const pageWidth = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth
  )

test.beforeEach(async () => {
  emu = await startEmulator({ port: 0 })
  system.ours.clear()
  system.elsewhere.clear()
})
test.afterEach(() => emu.close())
test.use({
  viewport: { width: 420, height: 640 },
  onairDepsFor: {
    build: (parts) => ({ ...emulatedAccount(emu, { configured: true }).build(parts), shortcuts: shortcutShell })
  }
})

test('a combination is recorded, refused with the reason, kept when another app holds it, cleared', async ({
  onair,
  page
}) => {
  await onair.open()
  await onair.core.account!.signInWithToken(emu.tokens.readWrite)
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click()
  const toggle = page.getByLabel('Show or hide Onair')
  await toggle.scrollIntoViewIfNeeded()
  // Empty by default.
  await expect(toggle).toHaveValue('None')
  await expect(page.getByLabel('Record the episode on air now or just ended')).toHaveValue('None')

  await toggle.focus()
  // Modifiers alone show what is held; a key the core has no name for keeps the field waiting, no error.
  await page.keyboard.down('Control')
  await page.keyboard.down('Alt')
  await expect(toggle).toHaveValue('Ctrl+Alt+…')
  await page.keyboard.down('NumpadEnter')
  await expect.poll(() => onair.calls.filter((c) => c.name === 'shortcuts:record').length).toBe(1)
  await expect(toggle).toHaveValue('Ctrl+Alt+…')
  await expect(toggle).not.toHaveAttribute('aria-invalid')
  await page.keyboard.up('NumpadEnter')
  await page.keyboard.press('KeyO')
  await page.keyboard.up('Alt')
  await page.keyboard.up('Control')
  await expect(toggle).toHaveValue('Ctrl+Alt+O')
  // The field sent the press; the core named it.
  expect(onair.calls).toContainEqual({
    name: 'shortcuts:record',
    input: {
      action: 'toggleWindow',
      press: { code: 'KeyO', ctrlKey: true, altKey: true, shiftKey: false, metaKey: false }
    }
  })
  await expect(page.getByTestId('shortcut-prefs-saved')).toHaveText('Saved: Show or hide Onair')
  expect(onair.core.settings!.read().shortcuts.toggleWindow).toBe('Ctrl+Alt+O')
  expect(system.ours.get('toggleWindow')).toBe('Ctrl+Alt+O')

  // A key that would swallow typing: refused by the core beside the field, nothing asked of the system.
  await page.keyboard.press('Shift+KeyK')
  await expect(page.getByText('Add Ctrl, Alt or another modifier')).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-invalid', 'true')
  await expect(toggle).toHaveValue('Ctrl+Alt+O')

  // Another app holds it: said so, and the previous shortcut stays, on the system and in the file.
  system.elsewhere.add('Ctrl+Shift+Space')
  await page.keyboard.press('Control+Shift+Space')
  await expect(page.getByText('Ctrl+Shift+Space is taken by another app or by the system.')).toBeVisible()
  await expect(toggle).toHaveValue('Ctrl+Alt+O')
  expect(onair.core.settings!.read().shortcuts.toggleWindow).toBe('Ctrl+Alt+O')
  expect(system.ours.get('toggleWindow')).toBe('Ctrl+Alt+O')
  expect(await pageWidth(page)).toBe(420)
  await expectNoSeriousA11yViolations(page)

  // Escape cancels in the field (the window stays), Tab moves on as anywhere else.
  await page.keyboard.press('Escape')
  await expect(toggle).toBeFocused()
  expect(onair.calls.filter((c) => c.name === 'app:hideWindow')).toEqual([])
  await page.keyboard.press('Tab')
  const record = page.getByLabel('Record the episode on air now or just ended')
  await expect(record).toBeFocused()
  // Onair's own other shortcut is refused too.
  await page.keyboard.press('Control+Alt+KeyO')
  await expect(page.getByText("Ctrl+Alt+O is already Onair's other shortcut.")).toBeVisible()
  await page.keyboard.press('Control+Alt+KeyR')
  await expect(record).toHaveValue('Ctrl+Alt+R')

  // Backspace removes a shortcut.
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Backspace')
  await expect(toggle).toHaveValue('Press the keys…')
  expect(onair.core.settings!.read().shortcuts).toEqual({ toggleWindow: '', quickRecord: 'Ctrl+Alt+R' })
  expect([...system.ours.keys()]).toEqual(['quickRecord'])

  // In Japanese, the same refusal in Japanese.
  await page.getByLabel('Language').selectOption('ja')
  const toggleJa = page.getByLabel('Onair を表示・非表示')
  await toggleJa.focus()
  await page.keyboard.press('Control+Shift+Space')
  await expect(page.getByText('Ctrl+Shift+Space は別のアプリかシステムが使っています。')).toBeVisible()
  await expect(toggleJa).toHaveValue('キーを押してください…')
  await page.keyboard.press('Tab')
  await expect(toggleJa).toHaveValue('なし')
  expect(await pageWidth(page)).toBe(420)
  await expectNoSeriousA11yViolations(page)
})
