import type { Page } from '@playwright/test'
import { ManualClock } from '../support/manual-clock'
import { USER_ID } from '../emulator'
import { emulatorPerTest, openSignedIn } from './schedule-deps'
import { expect, expectNoSeriousA11yViolations, test } from './fixtures'
import { WINDOW } from './window-tour'

// The seed's aired, unrecorded week: Starlit Courier episode 103 (half an hour ago) and Midnight
// Bakery Club episodes 202 and 203 (six and five days ago; 203 again as a rebroadcast).
const NOW = new ManualClock().now()
const UNDO_MS = 10_000
const world = emulatorPerTest(NOW, { viewport: WINDOW })

const recordsOf = (...episodes: number[]) =>
  world.emu.media.records.filter((r) => r.userId === USER_ID && episodes.includes(r.episodeId))
const bakery = (page: Page) => page.getByRole('region', { name: /Midnight Bakery Club/ })

async function advance(ms: number): Promise<void> {
  world.clock.advance(ms)
  await world.sink.records?.outbox.idle()
}

test('the schedule counts what to catch up on; Up to here records the episode and the one before it, by keyboard', async ({
  onair,
  page
}) => {
  await openSignedIn(page, onair, world)
  await page.getByRole('button', { name: 'Catch up: 3 aired, not recorded' }).click()
  await expect(page.getByRole('heading', { name: 'Catch up', level: 2 })).toBeFocused()
  await expect(page.getByText('Aired in the last 7 days, not recorded')).toBeVisible()
  // By work, the newest first; one row per episode though it aired twice.
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Starlit Courier', 'Midnight Bakery Club'])
  await expect(bakery(page).getByRole('listitem')).toHaveCount(2)
  await expect(bakery(page).getByRole('listitem').first()).toContainText('“Crumbs of Courage”')
  await expectNoSeriousA11yViolations(page)

  const upTo = page.getByRole('button', { name: 'Watched up to here: Midnight Bakery Club Ep. 3 and the 1 before it' })
  await upTo.focus()
  await page.keyboard.press('Enter')
  await expect(
    page.getByRole('status').filter({ hasText: 'Recorded 2 episodes of Midnight Bakery Club' })
  ).toBeVisible()
  await expect(bakery(page)).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Catch up', level: 2 })).toBeFocused()
  expect(recordsOf(202, 203)).toHaveLength(0)

  await advance(UNDO_MS)
  await expect
    .poll(() =>
      recordsOf(202, 203)
        .map((r) => r.episodeId)
        .sort()
    )
    .toEqual([202, 203])
  await page.locator('#content').getByRole('button', { name: 'Upcoming' }).click()
  await expect(page.getByRole('button', { name: 'Catch up: 1 aired, not recorded' })).toBeVisible()
})

test('Watched on one episode, then Undo: it comes back and nothing reaches the service', async ({ onair, page }) => {
  await openSignedIn(page, onair, world)
  await page.getByRole('button', { name: 'Catch up: 3 aired, not recorded' }).click()
  await page.getByRole('button', { name: 'Watched: Starlit Courier Ep. 3' }).click()
  await expect(page.getByRole('heading', { name: 'Starlit Courier' })).toHaveCount(0)
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByText('Record undone; nothing was sent.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Starlit Courier' })).toBeVisible()
  await advance(UNDO_MS * 3)
  expect(recordsOf(103)).toHaveLength(0)
})

test('a record made at the service by another client leaves the list at the next refresh', async ({ onair, page }) => {
  await openSignedIn(page, onair, world)
  await page.getByRole('button', { name: 'Catch up: 3 aired, not recorded' }).click()
  world.emu.recordElsewhere(103)
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByRole('heading', { name: 'Starlit Courier' })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Midnight Bakery Club'])
})

test.describe('in Japanese', () => {
  test.use({ locale: 'ja-JP', onairDeps: { locale: () => 'ja-JP' } })

  test('見逃した放送: the same list, the same buttons, in Japanese', async ({ onair, page }) => {
    await openSignedIn(page, onair, world)
    await page.getByRole('button', { name: '見逃し: 放送済みで未記録 3 話' }).click()
    await expect(page.getByRole('heading', { name: '見逃した放送', level: 2 })).toBeFocused()
    await expect(page.getByText('過去 7 日間に放送され、未記録')).toBeVisible()
    await expect(
      bakery(page).getByRole('button', { name: '見た: Midnight Bakery Club 第3話', exact: true })
    ).toBeVisible()
    const upTo = bakery(page).getByRole('button', {
      name: 'ここまで見た: Midnight Bakery Club 第3話 とそれ以前の 1 話'
    })
    await expect(upTo).toHaveText('ここまで見た')
    await expectNoSeriousA11yViolations(page)
    await upTo.click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Midnight Bakery Club の 2 話 を記録しました' })
    ).toBeVisible()
  })
})
