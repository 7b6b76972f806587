import { ManualClock } from '../support/manual-clock'
import { emulatorPerTest, openSignedIn } from './schedule-deps'
import { expect, expectNoSeriousA11yViolations, pageScrollWidth, test } from './fixtures'

/**
 * A work's own lead times, from a schedule row's more actions by keyboard, shown on its rows; in
 * Japanese too; at the window's real size, axe clean. (The works view offers the same control.)
 */
const NOW = new ManualClock().now()
const world = emulatorPerTest(NOW, { viewport: { width: 420, height: 640 } })

test('a work’s own lead times from its row’s menu, by keyboard, shown on the row; back to Settings’ list; in Japanese', async ({
  onair,
  page
}) => {
  await openSignedIn(page, onair, world)
  const row = page.locator('li[data-program-id="9"]')
  await expect(row.locator('.badge.leads')).toHaveCount(0)
  await row.getByRole('button', { name: 'More actions for Orbit Gardeners' }).press('Enter')
  const leads = row.getByRole('combobox', { name: 'When to remind me of Orbit Gardeners' })
  await expect(leads).toHaveValue('')
  await expect(leads.locator('option').first()).toHaveText('As in Settings (10 min before, at start)')
  // Comment and rating → status → don't let me miss it → lead times.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
  await expect(leads).toBeFocused()
  await leads.selectOption({ label: '30 min before' })
  await expect.poll(() => onair.core.settings!.read().reminders.workLeadMinutes).toEqual({ '3': [30] })
  await expect(row.locator('.badge.leads')).toHaveText('Reminders for this work: 30 min before')
  await expect.poll(() => pageScrollWidth(page)).toBe(420)
  await expectNoSeriousA11yViolations(page)

  await leads.selectOption({ label: 'No reminders' })
  await expect.poll(() => onair.core.settings!.read().reminders.workLeadMinutes).toEqual({ '3': [] })
  await expect(row.locator('.badge.leads')).toContainText('No reminders')
  await leads.selectOption({ index: 0 })
  await expect.poll(() => onair.core.settings!.read().reminders.workLeadMinutes).toEqual({})
  await expect(row.locator('.badge.leads')).toHaveCount(0)

  await onair.core.settings!.update((s) => ({
    ...s,
    ui: { ...s.ui, locale: 'ja' },
    reminders: { ...s.reminders, workLeadMinutes: { '3': [0] } }
  }))
  await page.reload()
  const jaRow = page.locator('li[data-program-id="9"]')
  await expect(jaRow.locator('.badge.leads')).toHaveText('この作品の通知: 開始時')
  await jaRow.getByRole('button', { name: 'Orbit Gardeners のその他の操作' }).click()
  const jaLeads = jaRow.getByRole('combobox', { name: 'Orbit Gardeners を通知する時刻' })
  await expect(jaLeads).toHaveValue('0')
  await jaLeads.selectOption({ label: '30分前・開始時' })
  await expect.poll(() => onair.core.settings!.read().reminders.workLeadMinutes).toEqual({ '3': [30, 0] })
  await expect.poll(() => pageScrollWidth(page)).toBe(420)
  await expectNoSeriousA11yViolations(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoSeriousA11yViolations(page)
})
