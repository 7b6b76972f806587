import type { Page } from '@playwright/test'
import { ManualClock } from '../support/manual-clock'
import { USER_ID } from '../emulator'
import { emulatorPerTest, openSignedIn } from './schedule-deps'
import { expect, expectNoSeriousA11yViolations, test } from './fixtures'

// Program 9 of the seed: Orbit Gardeners (work 3, "want to watch"), episode 301, unwatched, at 23:00 JST.
const NOW = new ManualClock().now()
const UNDO_MS = 10_000
const world = emulatorPerTest(NOW)

const row = (page: Page) => page.locator('li[data-program-id="9"]')
const watched = (page: Page) => row(page).getByRole('button', { name: /^Watched:/ })
const more = (page: Page) => row(page).getByRole('button', { name: 'More actions for Orbit Gardeners' })
/** The row's other actions (comment and rating, status), behind its "more" button. */
async function openActions(page: Page): Promise<void> {
  if ((await more(page).getAttribute('aria-expanded')) !== 'true') await more(page).click()
}
const records301 = () => world.emu.media.records.filter((r) => r.userId === USER_ID && r.episodeId === 301)

/** Moves the core's clock (undo window, backoff) and waits for what the outbox started. */
async function advance(ms: number): Promise<void> {
  world.clock.advance(ms)
  await world.sink.records?.outbox.idle()
}

test('one click records the episode after the undo window; it leaves the unwatched list', async ({ onair, page }) => {
  await openSignedIn(page, onair, world)
  await watched(page).click()
  await expect(page.getByRole('status').filter({ hasText: 'Recorded Orbit Gardeners' })).toContainText('Sending in')
  await expect(row(page).locator('[data-state]')).toHaveAttribute('data-state', 'waiting')
  expect(onair.calls).toContainEqual({
    name: 'record:create',
    input: expect.objectContaining({ episodeId: 301, programId: 9, workId: 3 })
  })
  expect(records301()).toHaveLength(0)

  await advance(UNDO_MS)
  await expect.poll(() => records301().length).toBe(1)
  expect(records301()[0]).toMatchObject({ comment: '', rating: null })
  await expect(row(page).locator('[data-state]')).toHaveAttribute('data-state', 'sent')
  await expect(page.getByText('Sending in')).toHaveCount(0)

  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(row(page)).toHaveCount(0)
})

test('undo within the window: nothing reaches the service', async ({ onair, page }) => {
  await openSignedIn(page, onair, world)
  await watched(page).click()
  await page
    .getByRole('status')
    .filter({ hasText: 'Recorded Orbit Gardeners' })
    .getByRole('button', { name: 'Undo' })
    .click()
  await expect(page.getByText('Record undone; nothing was sent.')).toBeVisible()
  await expect(row(page).locator('[data-state]')).toHaveCount(0)
  await advance(UNDO_MS * 3)
  expect(records301()).toHaveLength(0)
})

test('undo after sending deletes the record', async ({ onair, page }) => {
  await openSignedIn(page, onair, world)
  await watched(page).click()
  await advance(UNDO_MS)
  await expect.poll(() => records301().length).toBe(1)
  await row(page).getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByText('The record will be deleted on the service.').first()).toBeVisible()
  await advance(1000)
  await expect.poll(() => records301().length).toBe(0)
  await expect(row(page)).toContainText('Deleted on the service.')
})

test('offline: the entry waits and says it will retry; back online, Retry sends exactly one record', async ({
  onair,
  page
}) => {
  await openSignedIn(page, onair, world)
  await world.emu.suspend()
  await watched(page).click()
  await advance(UNDO_MS)
  await expect(row(page).locator('[data-state]')).toHaveAttribute('data-state', /failed|queued/)
  await expect(row(page)).toContainText('Onair retries by itself.')
  await world.emu.resume()
  await row(page).getByRole('button', { name: 'Retry' }).click()
  await world.sink.records?.outbox.idle()
  await expect.poll(() => records301().length).toBe(1)
  await expect(row(page).locator('[data-state]')).toHaveAttribute('data-state', 'sent')
  await advance(10 * 60_000)
  expect(records301()).toHaveLength(1)
})

test('a reset after the service saved the record: still exactly one record', async ({ onair, page }) => {
  await openSignedIn(page, onair, world)
  world.emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'reset-after-commit', times: 1 })
  await watched(page).click()
  await advance(UNDO_MS)
  for (let i = 0; i < 5; i++) await advance(60_000)
  await expect.poll(() => records301().length).toBe(1)
  await expect(row(page).locator('[data-state]')).toHaveAttribute('data-state', 'sent')
  expect(records301()).toHaveLength(1)
})

test('comment, rating and share toggles from the expanded panel; keyboard and Escape', async ({ onair, page }) => {
  await openSignedIn(page, onair, world)
  // Keyboard only: Tab from Watched passes the bell and reaches the row's "more" button, Enter opens its actions.
  await watched(page).focus()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(more(page)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(more(page)).toHaveAttribute('aria-expanded', 'true')
  const comment = row(page).getByRole('button', { name: 'Comment and rating' })
  await expect(comment).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row(page).getByRole('textbox', { name: 'Comment' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(more(page)).toHaveAttribute('aria-expanded', 'false')
  await expect(more(page)).toBeFocused()
  await expect(row(page).getByRole('form')).toHaveCount(0)

  await page.keyboard.press('Space')
  await expect(comment).toBeFocused()
  await page.keyboard.press('Space')
  await page.keyboard.type('Line one\nLine two')
  await row(page).getByRole('combobox', { name: 'Rating' }).selectOption('4.5')
  await row(page).getByLabel('Share on the microblog').check()
  await expectNoSeriousA11yViolations(page)
  await row(page).getByRole('button', { name: 'Record', exact: true }).click()
  await advance(UNDO_MS)
  await expect.poll(() => records301().length).toBe(1)
  expect(records301()[0]).toMatchObject({
    comment: 'Line one\nLine two',
    rating: 4.5,
    shareMicroblog: true,
    shareSocialnet: false
  })
})

/** The focused element's outline, as the user sees it (the node tsconfig has no DOM lib). */
function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const g = globalThis as unknown as {
      document: { activeElement: object | null }
      getComputedStyle(el: object): { outlineStyle: string; outlineWidth: string }
    }
    const el = g.document.activeElement
    if (!el) return 'nothing focused'
    const style = g.getComputedStyle(el)
    return `${style.outlineStyle} ${style.outlineWidth}`
  })
}

test('keyboard only: every action of a row is reachable, with the focus always visible', async ({ onair, page }) => {
  await page.setViewportSize({ width: 420, height: 640 })
  await openSignedIn(page, onair, world)
  await watched(page).focus()
  expect(await focusRing(page)).toBe('solid 2px')
  const bell = row(page).getByRole('button', { name: 'Reminders for Orbit Gardeners' })
  const steps: [string, ReturnType<typeof row>][] = [
    ['Tab', bell],
    ['Tab', more(page)],
    ['Enter', row(page).getByRole('button', { name: 'Comment and rating' })],
    ['Tab', row(page).getByLabel('Status of Orbit Gardeners')]
  ]
  for (const [key, target] of steps) {
    await page.keyboard.press(key)
    await expect(target).toBeFocused()
    expect(await focusRing(page)).toBe('solid 2px')
  }
  // Escape closes the actions and gives the focus back to the button that opened them.
  await page.keyboard.press('Escape')
  await expect(more(page)).toBeFocused()
  await expect(more(page)).toHaveAttribute('aria-expanded', 'false')
  // Shift+Tab reaches the bell, whose Enter mutes the work; once more back to Watched, and Enter records.
  await page.keyboard.press('Shift+Tab')
  await expect(bell).toBeFocused()
  expect(await focusRing(page)).toBe('solid 2px')
  await page.keyboard.press('Enter')
  await expect(bell).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('Shift+Tab')
  await expect(watched(page)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(row(page).locator('[data-state]')).toHaveAttribute('data-state', 'waiting')
})

test('a reminder click opens the quick record of its program', async ({ onair, page }) => {
  await openSignedIn(page, onair, world)
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click()
  await onair.push('app:focusProgram', { programId: 9 })
  await expect(row(page).getByRole('textbox', { name: 'Comment' })).toBeFocused()
})

test('status change reaches the service; a failing one rolls back with a message', async ({ onair, page }) => {
  await openSignedIn(page, onair, world)
  await openActions(page)
  const status = row(page).getByLabel('Status of Orbit Gardeners')
  await status.selectOption({ label: 'On hold' })
  await expect(status).toHaveValue('on_hold')
  await world.sink.records?.outbox.idle()
  await expect.poll(() => world.emu.media.statusOf(USER_ID, 3)).toBe('on_hold')

  world.emu.faults.inject({ method: 'POST', path: '/v1/me/statuses', kind: 'status', status: 500, times: 100 })
  await status.selectOption({ label: 'Watching' })
  await expect(status).toHaveValue('watching')
  await world.sink.records?.outbox.idle()
  await expect(row(page).locator('[data-status-state]')).toHaveAttribute('data-status-state', 'failed')
  await row(page).getByRole('button', { name: 'Discard' }).click()
  await expect(page.getByText(/The status of Orbit Gardeners could not be changed/)).toBeVisible()
  await expect(status).toHaveValue('on_hold')
  expect(world.emu.media.statusOf(USER_ID, 3)).toBe('on_hold')
})

test('read-only session: record and status actions are off, with why', async ({ onair, page }) => {
  await openSignedIn(page, onair, { ...world, token: world.emu.tokens.read })
  await expect(page.getByText(/Read-only sign-in/)).toBeVisible()
  await expect(watched(page)).toBeDisabled()
  await openActions(page)
  await expect(row(page).getByLabel('Status of Orbit Gardeners')).toBeDisabled()
  await expect(row(page).getByRole('button', { name: 'Comment and rating' })).toBeDisabled()
})
