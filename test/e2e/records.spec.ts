import type { Page } from '@playwright/test'
import { ManualClock } from '../support/manual-clock'
import type { RecordsCore } from '../../src/main/core/records'
import type { NewRecord } from '../../src/shared/records'
import { startEmulator, USER_ID, type Emulator } from '../emulator'
import { expect, expectNoSeriousA11yViolations, test } from './fixtures'
import { emulatedRecords, openView } from './records-deps'

const clock = new ManualClock()
const NOW = clock.now()
let emu: Emulator
const sink: { records?: RecordsCore } = {}

test.beforeEach(async () => {
  emu = await startEmulator({ port: 0, now: () => NOW })
})
test.afterEach(() => emu.close())
test.use({ onairDepsFor: { build: (parts) => emulatedRecords(emu, clock, sink).build(parts) } })

/** Episode 301 of work 3 (program 9 of the seed), unwatched. */
const EPISODE_301: NewRecord = {
  episodeId: 301,
  programId: 9,
  workId: 3,
  display: { workTitle: 'Orbit Gardeners', episodeNumber: '第1話', episodeTitle: 'Seeds in Zero-G' }
}
const EPISODE_302: NewRecord = {
  episodeId: 302,
  workId: 3,
  display: { workTitle: 'Orbit Gardeners', episodeNumber: '第2話' }
}
// Long and multi-line: an edit that sent only what a one-line field shows would cut it.
const COMMENT = `First line of a long comment.\nSecond line: ${'very '.repeat(120)}good.\nThird line.`

const outbox = () => sink.records!.outbox
const serviceRecords = (episodeId: number) =>
  emu.media.records.filter((r) => r.userId === USER_ID && r.episodeId === episodeId)

/** A record sent at once (no undo window), as if made a while ago from the schedule. */
async function sentRecord(input: NewRecord): Promise<void> {
  outbox().record(input, { immediate: true })
  await outbox().idle()
}

const open = (page: Page, onairOpen: () => Promise<void>) => openView(page, onairOpen, 'Records', 'Records')
const recent = (page: Page) => page.getByRole('list', { name: 'Recent records' }).getByRole('listitem')
const entries = (page: Page) => page.getByRole('list', { name: 'Outbox' }).getByRole('listitem')

test('editing a recent record keeps its full comment when only the rating changes, and replaces it when edited', async ({
  onair,
  page
}) => {
  await open(page, onair.open)
  await sentRecord({ ...EPISODE_301, comment: COMMENT, rating: 3 })
  await expect(recent(page)).toHaveCount(1)
  await expect(entries(page).first()).toContainText('Sent')

  await recent(page).getByRole('button', { name: 'Edit' }).click()
  const comment = page.getByLabel('Comment')
  await expect(comment).toBeFocused()
  await expect(comment).toHaveValue(COMMENT)
  await expect(comment).toHaveAccessibleDescription('Saving replaces the whole comment on the service.')
  // The service keeps at most 10,000 characters: the field takes no more (as in the schedule's panel).
  await expect(comment).toHaveAttribute('maxlength', '10000')
  // A rating can be changed but not cleared: the edit command keeps the old one when none is sent.
  await expect(page.getByRole('option', { name: 'No rating' })).toBeDisabled()
  await page.getByLabel('Rating').selectOption('4.5')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect.poll(() => serviceRecords(301)[0]?.rating).toBe(4.5)
  expect(serviceRecords(301)).toHaveLength(1)
  expect(serviceRecords(301)[0]!.comment).toBe(COMMENT)
  await expect(recent(page)).toContainText('Rated 4.5')

  await recent(page).getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Comment').fill('Rewritten.')
  await page.getByLabel('Share on the microblog').check()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect.poll(() => serviceRecords(301)[0]?.comment).toBe('Rewritten.')
  expect(serviceRecords(301)[0]).toMatchObject({ rating: 4.5, shareMicroblog: true })
  await expect(recent(page)).toContainText('Rewritten.')
})

test('deleting a recent record asks first, then removes it from the service', async ({ onair, page }) => {
  await open(page, onair.open)
  await sentRecord({ ...EPISODE_301, comment: 'to delete' })
  await expect(recent(page)).toHaveCount(1)
  await recent(page).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Delete this record from the service?')).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  expect(serviceRecords(301)).toHaveLength(1)

  await recent(page).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('button', { name: 'Delete the record' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect.poll(() => serviceRecords(301)).toHaveLength(0)
  await expect(page.getByText('No recent records.')).toBeVisible()
})

test('a failed entry shows its reason and can be retried or discarded; a waiting one counts down and undoes', async ({
  onair,
  page
}) => {
  // The renderer's clock matches the core's, so the countdown reads from the same instant.
  await page.clock.setFixedTime(NOW)
  await open(page, onair.open)
  emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'status', status: 403, times: 2 })
  await sentRecord(EPISODE_301)
  await sentRecord(EPISODE_302)
  await expect(entries(page)).toHaveCount(2)
  const failed = entries(page).filter({ hasText: '第1話' })
  await expect(failed).toContainText('Failed')
  await expect(failed).toContainText('Attempt 1')
  await expect(failed.locator('.reason')).not.toBeEmpty()

  await failed.getByRole('button', { name: 'Retry' }).click()
  await expect.poll(() => serviceRecords(301)).toHaveLength(1)
  await expect(failed).toContainText('Sent')
  await expect(recent(page)).toHaveCount(1)

  const other = entries(page).filter({ hasText: '第2話' })
  await other.getByRole('button', { name: 'Discard' }).click()
  await expect(other).toHaveCount(0)
  await expect(page.getByText('Discarded.')).toBeVisible()
  expect(serviceRecords(302)).toHaveLength(0)

  outbox().record({ ...EPISODE_302, display: { workTitle: 'Orbit Gardeners', episodeNumber: '第3話' } })
  const waiting = entries(page).filter({ hasText: '第3話' })
  await expect(waiting).toContainText('Sends in 10 s')
  await waiting.getByRole('button', { name: 'Undo' }).click()
  await expect(waiting).toHaveCount(0)
  clock.advance(60_000)
  await outbox().idle()
  expect(serviceRecords(302)).toHaveLength(0)
})

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: no serious or critical violations (${scheme})`, async ({ onair, page }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await open(page, onair.open)
    await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'status', status: 403, times: 1 })
    await sentRecord(EPISODE_302)
    await sentRecord({ ...EPISODE_301, comment: COMMENT, rating: 4 })
    outbox().record({ episodeId: 303, workId: 3, display: { workTitle: 'Orbit Gardeners', episodeNumber: '第3話' } })
    await expect(entries(page)).toHaveCount(3)
    await recent(page).getByRole('button', { name: 'Edit' }).click()
    await expectNoSeriousA11yViolations(page)
  })
}
