import type { Page } from '@playwright/test'
import { ManualClock } from '../support/manual-clock'
import { historyFile } from '../../src/main/core/reminders/files'
import { scheduleFileStore } from '../../src/main/core/programs/schedule-file'
import type { CachedProgram } from '../../src/shared/schedule'
import { reminderOf, seedWeekOfReminders } from './reminder-history-seed'
import { USER_ID } from '../emulator'
import { emulatorPerTest, openSignedIn } from './schedule-deps'
import { expect, expectNoSeriousA11yViolations, pageScrollWidth, test, type OnairHarness } from './fixtures'

/**
 * The window's Reminders list over the real core and the history file it keeps: a row
 * for each outcome, Watched and Snooze on the rows that can still use them (through the outbox's
 * undo window, as in the schedule), by keyboard, in both languages, within the 420×640 window.
 */
// 2026-11-22 12:00 UTC = Sunday 21:00 in Tokyo.
const NOW = new ManualClock().now()
const MIN = 60_000
const world = emulatorPerTest(NOW, { viewport: { width: 420, height: 640 } })

/**
 * Signed in, polled once, with the seeded week. The seed's own first episodes would announce
 * premieres of their own at start: off, so the list holds exactly the seeded entries.
 */
async function openWithHistory(onair: OnairHarness, page: Page): Promise<{ gardeners: CachedProgram }> {
  onair.core.settings!.update((s) => ({ ...s, reminders: { ...s.reminders, premiere: false } }))
  await openSignedIn(page, onair, world)
  return seedWeekOfReminders(onair.dataDir, world.sink.reminders!.schedule().programs, NOW)
}

const list = (page: Page) => page.getByRole('region', { name: /^(Reminders|リマインダー)$/ })
const rowOf = (page: Page, outcome: string) => list(page).locator(`li[data-outcome="${outcome}"]`)
const noSidewaysScroll = (page: Page) => expect.poll(() => pageScrollWidth(page)).toBe(420)

test('every outcome has its row, newest first; only the reminder still on the schedule offers Watched and Snooze', async ({
  onair,
  page
}) => {
  await openWithHistory(onair, page)
  await page.getByRole('button', { name: 'Reminders', exact: true }).click()
  await expect(list(page).getByRole('heading', { name: 'Reminders' })).toBeFocused()

  await expect(list(page).locator('li')).toHaveCount(11)
  expect(
    await list(page)
      .locator('li')
      .evaluateAll((li) => li.map((e) => e.getAttribute('data-outcome')))
  ).toEqual([
    'delivered',
    'premiere',
    'again',
    'watched',
    'snoozed',
    'opened',
    'delivered',
    'repeat',
    'missed',
    'missed',
    'quiet'
  ])
  // 20:55 Tokyo, 2 s late: on time. 3 minutes late says so.
  await expect(rowOf(page, 'delivered').first()).toContainText('Orbit Gardeners')
  await expect(rowOf(page, 'delivered').first()).toContainText('Sun 20:55 · Shown on time')
  await expect(rowOf(page, 'delivered').last()).toContainText('Shown 3 min late')
  await expect(rowOf(page, 'missed').first()).toContainText('In the summary of missed reminders')
  await expect(rowOf(page, 'repeat')).toContainText('Not shown twice: another Onair had shown it')
  await expect(rowOf(page, 'quiet')).toContainText('Held back by quiet hours')
  await expect(rowOf(page, 'snoozed')).toContainText('Snoozed until Sun 19:25')
  await expect(rowOf(page, 'watched')).toContainText('Marked as watched')
  await expect(rowOf(page, 'opened')).toContainText('Opened')
  await expect(rowOf(page, 'again')).toContainText('Shown again: not to be missed')
  await expect(rowOf(page, 'premiere')).toContainText('Orbit Gardeners Ep. 1')
  await expect(rowOf(page, 'premiere')).toContainText('Premiere announced')
  await expect(rowOf(page, 'premiere').getByRole('button')).toHaveCount(0)

  // One pair of buttons per reminder: on the newest row of each one still on the schedule and
  // not watched. The broadcast that left the schedule (second missed row) and the watched one have none.
  const watchedButtons = list(page).getByRole('button', { name: /^Watched: / })
  await expect(watchedButtons).toHaveCount(6)
  await expect(
    rowOf(page, 'delivered')
      .first()
      .getByRole('button', { name: /^Snooze: Orbit Gardeners/ })
  ).toBeVisible()
  await expect(rowOf(page, 'missed').nth(1).getByRole('button')).toHaveCount(0)
  await expect(rowOf(page, 'watched').getByRole('button')).toHaveCount(0)
  await expect(rowOf(page, 'snoozed').getByRole('button')).toHaveCount(0)
  // Watched, Snooze, and "More" with the other snooze choices.
  await expect(rowOf(page, 'opened').getByRole('button')).toHaveCount(3)
  await expect(rowOf(page, 'delivered').last().getByRole('button')).toHaveCount(0)

  await noSidewaysScroll(page)
  await expectNoSeriousA11yViolations(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoSeriousA11yViolations(page)

  // Back to the schedule.
  await list(page).getByRole('button', { name: 'Upcoming' }).click()
  await expect(page.locator('section.schedule')).toBeVisible()
})

test('by keyboard: open the list, Snooze, then Watched and its Undo; each row follows, the buttons come back', async ({
  onair,
  page
}) => {
  await openWithHistory(onair, page)
  const open = page.getByRole('button', { name: 'Reminders', exact: true })
  await open.focus()
  await page.keyboard.press('Enter')
  await expect(list(page).getByRole('heading', { name: 'Reminders' })).toBeFocused()
  // Heading → "Upcoming" → the newest row's Watched → its Snooze.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: /^Watched: Orbit Gardeners/ })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: /^Snooze: Orbit Gardeners/ })).toBeFocused()
  await page.keyboard.press('Enter')

  // Snoozed through the core: 21:05 Tokyo, the newest row now, and it carries the buttons.
  await expect(list(page)).toContainText('Orbit Gardeners Ep. 1: reminding you again in 5 minutes.')
  const newest = list(page).locator('li').first()
  await expect(newest).toHaveAttribute('data-outcome', 'snoozed')
  await expect(newest).toContainText('Snoozed until Sun 21:05')
  await expect(newest.getByRole('button', { name: /^Snooze:/ })).toBeVisible()
  expect(world.sink.reminders!.history().at(-1)).toMatchObject({ outcome: 'snoozed', until: NOW + 5 * MIN })

  await newest.getByRole('button', { name: /^Watched:/ }).focus()
  await page.keyboard.press('Enter')
  const toast = page.getByRole('status').filter({ hasText: 'Recorded Orbit Gardeners' })
  await expect(toast).toContainText('Sending in')
  await expect(list(page).locator('li').first()).toHaveAttribute('data-outcome', 'watched')
  await expect(list(page).getByRole('button', { name: /Orbit Gardeners/ })).toHaveCount(0)
  expect(onair.calls).toContainEqual({ name: 'reminders:act', input: expect.objectContaining({ action: 'watched' }) })

  // The same undo window as the schedule's: nothing reaches the service.
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(list(page)).toContainText('Record undone; nothing was sent.')
  // The history says so, newest: the row offers Watched and Snooze again.
  await expect(newest).toHaveAttribute('data-outcome', 'undone')
  await expect(newest).toContainText('Watched undone')
  await expect(newest.getByRole('button', { name: /^Watched: Orbit Gardeners/ })).toBeVisible()
  await expect(newest.getByRole('button', { name: /^Snooze: Orbit Gardeners/ })).toBeVisible()
  await expect(list(page).locator('li[data-outcome="watched"]').first()).toContainText('Marked as watched')
  expect(world.sink.reminders!.history().at(-1)).toMatchObject({ outcome: 'undone' })
  world.clock.advance(30_000)
  await world.sink.records!.outbox.idle()
  expect(world.emu.media.records.filter((r) => r.userId === USER_ID && r.episodeId === 301)).toEqual([])
})

test('what happens while the list is open shows at the next push or return from the tray; a broadcast gone since says so', async ({
  onair,
  page
}) => {
  const { gardeners } = await openWithHistory(onair, page)
  await page.getByRole('button', { name: 'Reminders', exact: true }).click()
  await expect(list(page).locator('li')).toHaveCount(11)
  // Another process (`onair run`) adds to the file; the next poll's push reads it again.
  historyFile(onair.dataDir).add([{ at: NOW, outcome: 'quiet', reminders: [reminderOf(gardeners, 5)] }], NOW)
  await onair.push('schedule:changed', world.sink.reminders!.snapshot())
  await expect(list(page).locator('li')).toHaveCount(12)
  await expect(list(page).locator('li').first()).toHaveAttribute('data-outcome', 'quiet')
  // The window back from the tray (the page becomes visible) reads the file again too.
  historyFile(onair.dataDir).add([{ at: NOW + 1, outcome: 'opened', reminders: [reminderOf(gardeners, 5)] }], NOW)
  await page.evaluate(() =>
    (globalThis as unknown as { document: { dispatchEvent(e: Event): void } }).document.dispatchEvent(
      new Event('visibilitychange')
    )
  )
  await expect(list(page).locator('li')).toHaveCount(13)
  await expect(list(page).locator('li').first()).toHaveAttribute('data-outcome', 'opened')

  // Program 9 leaves the schedule (another process's poll wrote the file) before any push says so.
  const schedule = scheduleFileStore(onair.dataDir)
  schedule.update((doc) => ({ ...doc, programs: doc.programs.filter((p) => p.id !== 9) }))
  await list(page)
    .getByRole('button', { name: /^Snooze: Orbit Gardeners/ })
    .first()
    .click()
  await expect(list(page)).toContainText('Orbit Gardeners Ep. 1 is no longer on the schedule; nothing was done.')
  await expect(list(page).getByRole('button', { name: /Orbit Gardeners/ })).toHaveCount(0)
})

test('in Japanese, at 420×640, axe-clean', async ({ onair, page }) => {
  await openWithHistory(onair, page)
  await onair.core.settings!.update((doc) => ({ ...doc, ui: { ...doc.ui, locale: 'ja' } }))
  await page.reload()
  await page.getByRole('button', { name: 'リマインダー', exact: true }).click()
  await expect(list(page).getByRole('heading', { name: 'リマインダー' })).toBeFocused()
  await expect(rowOf(page, 'delivered').first()).toContainText('時間どおりに通知')
  await expect(rowOf(page, 'delivered').last()).toContainText('3 分遅れて通知')
  await expect(rowOf(page, 'missed').first()).toContainText('見逃した通知のまとめに表示')
  await expect(rowOf(page, 'repeat')).toContainText('別の Onair が通知済みのため省略')
  await expect(rowOf(page, 'quiet')).toContainText('おやすみ時間のため通知せず')
  await expect(rowOf(page, 'snoozed')).toContainText('19:25 (日) までスヌーズ')
  await expect(rowOf(page, 'watched')).toContainText('見たと記録')
  await expect(rowOf(page, 'opened')).toContainText('開いた')
  await expect(rowOf(page, 'again')).toContainText('見逃し防止のため再通知')
  await expect(rowOf(page, 'premiere')).toContainText('初回放送をお知らせ')
  await list(page)
    .getByRole('button', { name: /^スヌーズ: Orbit Gardeners/ })
    .click()
  await expect(list(page)).toContainText('5 分後にもう一度通知します。')
  await expect(list(page).getByRole('button', { name: '放送予定' })).toBeVisible()
  await noSidewaysScroll(page)
  await expectNoSeriousA11yViolations(page)
})

test('by keyboard, in both languages: "More" opens the other snooze choices, and 10 minutes snoozes for 10', async ({
  onair,
  page
}) => {
  await openWithHistory(onair, page)
  for (const [locale, words] of [
    [
      'en',
      {
        open: 'Reminders',
        later: /^More snooze choices: Orbit Gardeners/,
        ten: /^Snooze, 10 min: Orbit Gardeners/,
        said: 'Orbit Gardeners Ep. 1: reminding you again at Sun 21:10.'
      }
    ],
    [
      'ja',
      {
        open: 'リマインダー',
        later: /^その他のスヌーズ: Orbit Gardeners/,
        ten: /^スヌーズ 10分: Orbit Gardeners/,
        said: 'Orbit Gardeners 第1話: 21:10 (日) にもう一度通知します。'
      }
    ]
  ] as const) {
    await onair.core.settings!.update((doc) => ({ ...doc, ui: { ...doc.ui, locale } }))
    await page.reload()
    await page.getByRole('button', { name: words.open, exact: true }).click()
    const later = list(page).getByRole('button', { name: words.later }).first()
    await expect(later).toHaveAttribute('aria-expanded', 'false')
    // Heading → Upcoming → Watched → Snooze → More
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
    await expect(later).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(later).toHaveAttribute('aria-expanded', 'true')
    // Two hours before its start: until it starts, 10 and 30 minutes (no watch offset on its channel).
    const choices = list(page).locator('.choices').getByRole('button')
    await expect(choices).toHaveCount(3)
    await noSidewaysScroll(page)
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(list(page).getByRole('button', { name: words.ten })).toBeFocused()
    const before = world.clock.now()
    await page.keyboard.press('Enter')
    await expect(list(page)).toContainText(words.said)
    expect(world.sink.reminders!.history().at(-1)).toMatchObject({ outcome: 'snoozed', until: before + 10 * MIN })
    expect(onair.calls).toContainEqual({ name: 'reminders:act', input: expect.objectContaining({ choice: '10' }) })
  }
})

test('a reminder withdrawn because its episode was recorded elsewhere says so, without buttons, in both languages', async ({
  onair,
  page
}) => {
  const { gardeners } = await openWithHistory(onair, page)
  historyFile(onair.dataDir).add([{ at: NOW + 1, outcome: 'elsewhere', reminders: [reminderOf(gardeners, 5)] }], NOW)
  for (const [locale, open, words] of [
    ['en', 'Reminders', 'Recorded elsewhere: withdrawn'],
    ['ja', 'リマインダー', '別の場所で記録済み: 通知を取り下げ']
  ] as const) {
    await onair.core.settings!.update((doc) => ({ ...doc, ui: { ...doc.ui, locale } }))
    await page.reload()
    await page.getByRole('button', { name: open, exact: true }).click()
    const row = rowOf(page, 'elsewhere')
    await expect(row).toContainText(words)
    await expect(row.getByRole('button')).toHaveCount(0)
    await noSidewaysScroll(page)
    await expectNoSeriousA11yViolations(page)
  }
})
