import type { Page } from '@playwright/test'
import type { ScheduleView } from '../../src/shared/contract'
import { expect, expectNoSeriousA11yViolations, test } from './fixtures'

// The schedule keeps only the rows near the viewport in the DOM, whatever its size.

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
/** More than two screens of rows above and below the viewport, far fewer than the list. */
const MAX_ROWS = 60

/**
 * `n` programs 5 minutes apart (about 35 broadcast days for 10,000), ids from `first`; every third
 * has an episode title, a second line, so rows are not all one height.
 */
function schedule(n: number, first = 1): ScheduleView {
  return {
    fetchedAt: new Date(NOW).toISOString(),
    offline: false,
    state: 'ok',
    programs: Array.from({ length: n }, (_, i) => {
      const id = first + i
      return {
        id,
        startedAt: new Date(NOW + id * 300_000).toISOString(),
        isRebroadcast: id % 5 === 0,
        channel: { id: 1 + (id % 3), name: `Channel ${1 + (id % 3)}` },
        work: { id, title: `Work ${id}`, seasonNameText: null },
        episode: { id, number: '1', numberText: null, title: id % 3 === 0 ? `The episode of ${id}` : null }
      }
    })
  }
}

/** In-page shapes: the node tsconfig has no DOM lib (see page-globals.ts). */
interface RowElement {
  dataset: Record<string, string | undefined>
  getBoundingClientRect(): { top: number }
}

const rows = (page: Page) => page.locator('li[data-program-id]')
const scrollTo = (page: Page, y: number) =>
  page.evaluate((to) => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, to), y)
/** The ids of the rows in the DOM, in order. */
const idsIn = (page: Page) =>
  rows(page).evaluateAll((lis) => (lis as unknown as RowElement[]).map((li) => Number(li.dataset['programId'])))
const row = (page: Page, id: number) => page.locator(`li[data-program-id="${id}"]`)

/** The program row whose top is nearest below the top of the list area (under the sticky heading). */
function topRow(page: Page): Promise<{ id: number; y: number }> {
  return rows(page).evaluateAll((lis) => {
    const below = (lis as unknown as RowElement[])
      .map((li) => ({ id: Number(li.dataset['programId']), y: li.getBoundingClientRect().top }))
      .filter((r) => r.y >= 100)
    return below.reduce((a, b) => (b.y < a.y ? b : a))
  })
}

test.use({ timezoneId: 'UTC', viewport: { width: 420, height: 640 } })

test.beforeEach(async ({ onair, page }) => {
  await page.clock.install({ time: NOW })
  await onair.open()
  await onair.push('schedule:changed', schedule(10_000))
  await expect(row(page, 1)).toBeVisible()
})

test('10,000 programs: a bounded number of rows in the DOM, each with its place in its day', async ({ page }) => {
  expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS)
  // 5-minute slots: the first broadcast day runs from 12:05 to 04:55 (the day starts at 05:00).
  await expect(row(page, 1)).toHaveAttribute('aria-posinset', '1')
  await expect(row(page, 1)).toHaveAttribute('aria-setsize', '203')
  await expect(row(page, 10)).toHaveAttribute('aria-posinset', '10')
  await expect(page.getByRole('list', { name: 'Sun, Nov 22' })).toBeVisible()
})

test('scrolling to the end shows the last program, the rows stay bounded, axe stays clean', async ({ page }) => {
  // Scrolled in steps, as a user does; the list's height settles as rows are measured.
  await expect(async () => {
    await page.keyboard.press('End')
    await expect(row(page, 10_000)).toBeInViewport({ timeout: 500 })
  }).toPass()
  expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS)
  // The last day, from 05:00, holds the last 5 programs.
  await expect(page.getByRole('heading', { level: 3, name: 'Sun, Dec 27' })).toBeVisible()
  await expect(row(page, 10_000)).toHaveAttribute('aria-posinset', '5')
  await expect(row(page, 10_000)).toHaveAttribute('aria-setsize', '5')
  await expectNoSeriousA11yViolations(page)
  await page.keyboard.press('Home')
  await expect(row(page, 1)).toBeInViewport()
})

test('a list pushed while scrolled down keeps the rows in view where they are', async ({ onair, page }) => {
  await scrollTo(page, 200_000)
  await expect(async () => expect((await topRow(page)).id).toBeGreaterThan(1000)).toPass()
  const before = await topRow(page)
  // The next poll: the first 50 programs have aired and are gone, 20 new ones at the end.
  await onair.push('schedule:changed', schedule(9_970, 51))
  // The same row at the same height, within the pixel the scroll position is rounded to.
  await expect(async () => {
    const after = await topRow(page)
    expect(after.id).toBe(before.id)
    expect(Math.abs(after.y - before.y)).toBeLessThan(1.5)
  }).toPass({ timeout: 2_000 })
  expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS)
})

test('keyboard: focus stays on a row scrolled far away, and Tab walks on past the rendered rows', async ({ page }) => {
  const watched = row(page, 2).getByRole('button', { name: /^Watched/ })
  await watched.focus()
  await scrollTo(page, 300_000)
  await expect(async () => expect((await topRow(page)).id).toBeGreaterThan(3000)).toPass()
  await expect(watched).toBeFocused()
  expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS)

  // Back at the top, Tab goes from row to row down past the rows rendered at first.
  await scrollTo(page, 0)
  const lastAtFirst = Math.max(...(await idsIn(page)))
  await watched.focus()
  // Three stops a row (Watched, the bell, more).
  for (let i = 0; i < 3 * lastAtFirst; i++) await page.keyboard.press('Tab')
  const focusedRow = Number(await page.locator('li[data-program-id]:has(:focus)').getAttribute('data-program-id'))
  expect(focusedRow).toBeGreaterThan(lastAtFirst)
  expect(await rows(page).count()).toBeLessThanOrEqual(MAX_ROWS)
})

test('an open quick record keeps its draft while the list scrolls far away and back', async ({ page }) => {
  await row(page, 3)
    .getByRole('button', { name: /^More actions for/ })
    .click()
  await row(page, 3).getByRole('button', { name: 'Comment and rating' }).click()
  await page.getByRole('textbox', { name: 'Comment' }).fill('a draft')
  await scrollTo(page, 300_000)
  await expect(async () => expect((await topRow(page)).id).toBeGreaterThan(3000)).toPass()
  await scrollTo(page, 0)
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue('a draft')
})
