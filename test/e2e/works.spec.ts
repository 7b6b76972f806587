import { ManualClock } from '../support/manual-clock'
import { startEmulator, USER_ID, type Emulator } from '../emulator'
import { expect, expectNoSeriousA11yViolations, test } from './fixtures'
import { emulatedRecords, openView, seedWorks } from './records-deps'

const clock = new ManualClock()
const NOW = clock.now() // 2026-11-22: the seeded "current season" is 2026-autumn
let emu: Emulator

test.beforeEach(async () => {
  emu = await startEmulator({ port: 0, now: () => NOW })
})
test.afterEach(() => emu.close())
test.use({ onairDepsFor: { build: (parts) => emulatedRecords(emu, clock).build(parts) } })

const titles = (page: import('@playwright/test').Page) => page.locator('tbody th[scope="row"]').allTextContents()
const rows = (page: import('@playwright/test').Page) => page.locator('tbody tr')
const open = (page: import('@playwright/test').Page, onairOpen: () => Promise<void>) =>
  openView(page, onairOpen, 'My works', 'My works')

test('filters by status, season and title, as the emulator holds them; a bad season is explained', async ({
  onair,
  page
}) => {
  await open(page, onair.open)
  // The eight seeded works with a status, newest id first.
  await expect(rows(page)).toHaveCount(8)
  await expect(page.getByText('8 works')).toBeVisible()

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Watching' })
  await expect.poll(() => titles(page)).toEqual(['Tsubame Relay', 'Midnight Bakery Club', 'Starlit Courier'])

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Any status' })
  await page.getByLabel('Season').fill('2026-fall')
  await page.getByLabel('Season').press('Enter')
  await expect(page.getByRole('alert')).toContainText('Enter a season as year-season')
  await expect(page.getByLabel('Season')).toHaveAttribute('aria-invalid', 'true')
  expect(onair.calls.filter((c) => c.name === 'works:list').map((c) => c.input)).not.toContainEqual(
    expect.objectContaining({ season: '2026-fall' })
  )

  await page.getByLabel('Season').fill('2026-autumn')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect
    .poll(() => titles(page))
    .toEqual(['Rust and Roses', 'Orbit Gardeners', 'Midnight Bakery Club', 'Starlit Courier'])
  await expect(page.locator('tbody tr').first().locator('td.season')).toHaveText('2026年秋')

  await page.getByLabel('Season').fill('')
  await page.getByLabel('Title').fill('orbit')
  await page.getByLabel('Title').press('Enter')
  await expect.poll(() => titles(page)).toEqual(['Orbit Gardeners'])

  await page.getByLabel('Title').fill('no such work')
  await page.getByLabel('Title').press('Enter')
  await expect(page.getByText('No works match these filters.')).toBeVisible()
})

test('sorts by watchers and pages through 25 or 50 works at a time', async ({ onair, page }) => {
  seedWorks(emu, 52, NOW)
  await open(page, onair.open)
  await expect(rows(page)).toHaveCount(25)
  await expect(page.getByText('Page 1 of 3')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()
  const first = await titles(page)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Page 2 of 3')).toBeVisible()
  await expect(rows(page)).toHaveCount(25)
  const second = await titles(page)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Page 3 of 3')).toBeVisible()
  await expect(rows(page)).toHaveCount(10)
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
  const third = await titles(page)
  const all = [...first, ...second, ...third]
  expect(new Set(all).size).toBe(60)
  expect(all.sort()).toEqual(
    emu.media.works
      .filter((w) => emu.media.statusOf(USER_ID, w.id))
      .map((w) => w.title)
      .sort()
  )
  await page.getByRole('button', { name: 'Previous' }).click()
  await expect(page.getByText('Page 2 of 3')).toBeVisible()
  expect(await titles(page)).toEqual(second)

  await page.getByLabel('Per page').selectOption('50')
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await expect(rows(page)).toHaveCount(50)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(rows(page)).toHaveCount(10)

  await page.getByLabel('Sort by').selectOption({ label: 'Watchers' })
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await expect(rows(page).first().locator('th')).toHaveText('Paper Lantern Detectives') // 9,800 watchers
  await page.getByLabel('Order').selectOption({ label: 'Ascending' })
  await expect(rows(page).first().locator('th')).toHaveText('Untitled Pilot') // 3 watchers
})

test('a status change reaches the emulator; a failing one rolls back with a message', async ({ onair, page }) => {
  await open(page, onair.open)
  const status = (title: string) => page.getByLabel(`Status of ${title}`)

  await status('Orbit Gardeners').selectOption({ label: 'Watching' })
  await expect.poll(() => emu.media.statusOf(USER_ID, 3)).toBe('watching')
  await expect(page.getByText('Status of Orbit Gardeners saved.')).toBeVisible()

  // 500: the outbox keeps it and retries later; the row shows what the service still has.
  emu.faults.inject({ method: 'POST', path: '/v1/me/statuses', kind: 'status', status: 500, times: 1 })
  await status('Quiet Harbor').selectOption({ label: 'Watched' })
  await expect(page.locator('.live')).toContainText('Saving the status of Quiet Harbor failed')
  await expect(status('Quiet Harbor')).toHaveValue('on_hold')
  expect(emu.media.statusOf(USER_ID, 5)).toBe('on_hold')

  // 403: a failure for good; the core says to roll back (status:rollback).
  emu.faults.inject({ method: 'POST', path: '/v1/me/statuses', kind: 'status', status: 403, times: 1 })
  await status('Rust and Roses').selectOption({ label: 'Watching' })
  await expect(page.locator('.live')).toContainText('The status of Rust and Roses was not changed')
  await expect(status('Rust and Roses')).toHaveValue('stop_watching')
  expect(emu.media.statusOf(USER_ID, 6)).toBe('stop_watching')
})

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: no serious or critical violations (${scheme})`, async ({ onair, page }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await open(page, onair.open)
    await expect(rows(page)).toHaveCount(8)
    await expectNoSeriousA11yViolations(page)
    await page.getByLabel('Season').fill('bad')
    await page.getByLabel('Season').press('Enter')
    await expect(page.getByRole('alert')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
  })
}

test('a work’s own lead times from the works view: only at start, saved as [0]; in Japanese, axe clean', async ({
  onair,
  page
}) => {
  await open(page, onair.open)
  await expect(rows(page)).toHaveCount(8)
  const leads = page.getByRole('combobox', { name: 'When to remind me of Starlit Courier' })
  await leads.focus()
  await leads.selectOption({ label: 'at start' })
  await expect.poll(() => onair.core.settings!.read().reminders.workLeadMinutes).toEqual({ '1': [0] })
  await expect(leads).toHaveValue('0')
  await expectNoSeriousA11yViolations(page)

  await onair.core.settings!.update((s) => ({ ...s, ui: { ...s.ui, locale: 'ja' } }))
  await openView(page, onair.open, 'マイ作品', 'マイ作品')
  const ja = page.getByRole('combobox', { name: 'Starlit Courier を通知する時刻' })
  await expect(ja).toHaveValue('0')
  await ja.selectOption({ label: '通知しない' })
  await expect.poll(() => onair.core.settings!.read().reminders.workLeadMinutes).toEqual({ '1': [] })
  await expectNoSeriousA11yViolations(page)
})
