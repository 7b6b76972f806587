import { ManualClock } from '../support/manual-clock'
import { emulatorPerTest, openSignedIn } from './schedule-deps'
import { expect, expectNoSeriousA11yViolations, test } from './fixtures'

// 2026-11-22 12:00 UTC = Sunday 21:00 in Tokyo; the emulator's late-night programs air at 01:30 JST.
const NOW = new ManualClock().now()
// Program 1 started 10 minutes ago, well inside its half-hour slot.
const world = emulatorPerTest(NOW, {}, (emu) => {
  const first = emu.media.programs.find((p) => p.id === 1)
  if (first) first.startedAt = NOW - 10 * 60_000
})

test('programs grouped by broadcast day: a 01:30 slot sits under the evening before, as 25:30 when asked', async ({
  onair,
  page
}) => {
  await openSignedIn(page, onair, world)
  const sunday = page.locator('ul[data-day="2026-11-22"]')
  await expect(page.getByRole('heading', { name: 'Sun, Nov 22', level: 3 })).toBeVisible()
  // Program 5: Midnight Bakery Club at 01:30 on Monday the 23rd, listed on Sunday.
  const late = sunday.locator('li[data-program-id="5"]')
  await expect(late.locator('time')).toHaveText('01:30')
  await expect(late).toContainText('Midnight Bakery Club')
  await expect(late).toContainText('BS11')
  // Program 1 started 30 minutes ago; program 9 starts at 23:00.
  await expect(sunday.locator('li[data-program-id="1"]')).toContainText('On air now')
  await expect(sunday.locator('li[data-program-id="9"]')).toContainText('in 2 hr')
  // A program without an episode shows the work only, and cannot be recorded.
  const noEpisode = page.locator('li[data-program-id="11"]')
  await expect(noEpisode.locator('.title')).toHaveText('Tsubame Relay')
  await expect(noEpisode.getByRole('button', { name: 'Watched' })).toBeDisabled()
  await expect(page.locator('li[data-program-id="17"] .badge')).toHaveText('Rebroadcast')

  // Settings changed outside the window (`onair config`): read again when the schedule opens.
  await onair.core.settings?.update((s) => ({
    ...s,
    ui: { ...s.ui, extendedHours: true },
    reminders: { ...s.reminders, hideRebroadcasts: true }
  }))
  await page.reload()
  await expect(page.locator('ul[data-day="2026-11-22"] li[data-program-id="5"] time')).toHaveText('25:30')
  await expect(page.getByLabel('Hide rebroadcasts')).toBeChecked()
  await expect(page.locator('li[data-program-id="17"]')).toHaveCount(0)
})

test('filters: rebroadcasts, channel and text', async ({ onair, page }) => {
  await openSignedIn(page, onair, world)
  const rows = page.locator('li[data-program-id]')
  const all = await rows.count()
  await page.getByLabel('Hide rebroadcasts').check()
  await expect(page.locator('li[data-program-id="17"]')).toHaveCount(0)
  await page.getByLabel('Hide rebroadcasts').uncheck()
  await page.getByLabel('Channel').selectOption('BS11')
  await expect(rows).not.toHaveCount(all)
  for (const text of await rows.locator('.channel').allTextContents()) expect(text).toBe('BS11')
  await page.getByLabel('Channel').selectOption({ label: 'All channels' })
  await page.getByLabel('Search titles').fill('orbit')
  await expect(rows.locator('.title strong')).toHaveText(['Orbit Gardeners', 'Orbit Gardeners'])
  await page.getByLabel('Search titles').fill('no such show')
  await expect(page.getByText('No episodes match the filters.')).toBeVisible()
})

test('offline: a banner with the age of the schedule and the reason; the list stays', async ({ onair, page }) => {
  await openSignedIn(page, onair, world)
  await world.emu.suspend()
  world.clock.advance(30 * 60_000)
  await page.clock.fastForward('30:00')
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveText(
    'Offline — showing the schedule from 30 minutes ago.'
  )
  await expect(page.getByRole('alert')).not.toBeEmpty()
  await expect(page.getByText('Updated 30 minutes ago')).toBeVisible()
  await expect(page.locator('li[data-program-id="9"]')).toBeVisible()
  await world.emu.resume()
})

test('empty: explains why the service may list nothing and links to it', async ({ onair, page }) => {
  world.emu.media.programs.length = 0
  await openSignedIn(page, onair, world)
  await expect(page.getByText('No upcoming episodes')).toBeVisible()
  await expect(page.getByText(/only works marked "Watching" or "Want to watch"/)).toBeVisible()
  await page.getByRole('link', { name: 'Open the service to set statuses and channels' }).click()
  // The address as the main process opens it: parsed, so the bare origin gains its '/'.
  expect(onair.opened).toContain(new URL(world.emu.baseUrl).href)
})

test('japanese labels and times', async ({ onair, page }) => {
  await onair.core.settings?.update((s) => ({ ...s, ui: { ...s.ui, locale: 'ja' } }))
  await openSignedIn(page, onair, world)
  await expect(page.getByRole('heading', { name: 'これからの放送', level: 2 })).toBeVisible()
  await expect(page.getByRole('heading', { name: '11月22日(日)', level: 3 })).toBeVisible()
  await expect(page.locator('li[data-program-id="1"]')).toContainText('放送中')
  await expect(page.locator('li[data-program-id="9"]').getByRole('button', { name: '見た' })).toBeVisible()
})

test('"don’t let me miss it" from a row’s more actions, by keyboard; it waits while the bell is off; in Japanese', async ({
  onair,
  page
}) => {
  await openSignedIn(page, onair, world)
  const row = page.locator('li[data-program-id="9"]')
  await row.getByRole('button', { name: 'More actions for Orbit Gardeners' }).press('Enter')
  await expect(row.getByRole('button', { name: 'Comment and rating' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  const toggle = row.getByRole('checkbox', { name: 'Don’t let me miss it' })
  await expect(toggle).toBeFocused()
  await page.keyboard.press('Space')
  await expect(toggle).toBeChecked()
  expect(onair.core.settings!.read().reminders.dontMissWorkIds).toEqual([3])
  await expectNoSeriousA11yViolations(page)

  // Muted by its bell: nothing to repeat, so the toggle waits (and keeps the choice).
  await row.getByRole('button', { name: 'Reminders for Orbit Gardeners' }).click()
  await expect(toggle).toBeDisabled()
  await expect(toggle).toBeChecked()
  await row.getByRole('button', { name: 'Reminders for Orbit Gardeners' }).click()
  await toggle.uncheck()
  expect(onair.core.settings!.read().reminders.dontMissWorkIds).toEqual([])

  await onair.core.settings?.update((s) => ({ ...s, ui: { ...s.ui, locale: 'ja' } }))
  await page.reload()
  await page.locator('li[data-program-id="9"]').getByRole('button', { name: 'Orbit Gardeners のその他の操作' }).click()
  await expect(page.getByRole('checkbox', { name: '見逃さないよう再通知' })).not.toBeChecked()
})

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: no serious violations on the schedule (${scheme})`, async ({ onair, page }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await openSignedIn(page, onair, world)
    await expect(page.locator('li[data-program-id="9"]')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await page
      .locator('li[data-program-id="9"]')
      .getByRole('button', { name: /^More actions for/ })
      .click()
    await expectNoSeriousA11yViolations(page)
    await page.locator('li[data-program-id="9"]').getByRole('button', { name: 'Comment and rating' }).click()
    await expect(page.getByRole('textbox', { name: 'Comment' })).toBeFocused()
    await expectNoSeriousA11yViolations(page)
  })
}

test('1,000 programs from the service: the filter searches all of them, rendered or not', async ({ onair, page }) => {
  // Two minutes apart: all within the default 48-hour poll window.
  world.emu.seedPrograms(1000, { spacingMinutes: 2 })
  await openSignedIn(page, onair, world)
  // Far down, with no row in the DOM (only those near the viewport are): filtering works on the data.
  await expect(page.locator('li[data-program-id="100990"]')).toHaveCount(0)
  await page.getByLabel('Search titles').fill('Bench 990')
  await expect(page.locator('li[data-program-id]')).toHaveCount(1)
  await expect(page.locator('li[data-program-id="100990"]')).toBeVisible()
})
