import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { ManualClock } from '../support/manual-clock'
import type { Delivery } from '../../src/shared/schedule'
import { expect, expectNoSeriousA11yViolations, test, type OnairHarness } from './fixtures'
import { useAppComposition } from './app-composition'
import { dataFile } from '../../src/main/core/store/data-files'

// 2026-11-22 12:00 UTC; program 9 (Orbit Gardeners) starts two hours later.
const NOW = new ManualClock().now()
const MIN = 60_000
let deliveries: Delivery[]
const app = useAppComposition(NOW, (e) => void (e.type === 'delivery' && deliveries.push(e.delivery)))
test.beforeEach(() => {
  deliveries = []
})

async function openSignedIn(onair: OnairHarness, page: Page): Promise<void> {
  await page.clock.install({ time: NOW })
  await onair.open()
  await onair.core.account!.signInWithToken(app.emu.tokens.readWrite)
  await app.services!.start()
  await expect(page.locator('section.schedule')).toBeVisible()
}

const openSettings = (page: Page) => page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click()
const savedFile = (onair: OnairHarness) => JSON.parse(readFileSync(dataFile(onair.dataDir, 'settings'), 'utf8'))
/** Reminders that fired for program 9, by lead time. */
const firedFor9 = () =>
  deliveries
    .flatMap((d) => (d.kind === 'single' ? [d.reminder] : d.reminders))
    .filter((r) => r.programId === 9)
    .map((r) => r.offsetMinutes)
/** In-page shapes: the node tsconfig has no DOM lib (see page-globals.ts). */
interface SelectableInput {
  value: string
  selectionStart: number | null
  selectionEnd: number | null
}
interface ClipboardPage {
  navigator: object
  copied?: string
}
/** HH:MM in the core's zone (quiet hours without a time zone use the system's). */
const localTime = (ms: number) => new Date(ms).toTimeString().slice(0, 5)

test('lead times and quiet hours are saved to settings.json and re-plan the reminders', async ({ onair, page }) => {
  await openSignedIn(onair, page)
  await openSettings(page)
  const leads = page.getByTestId('lead-times')
  const leadTexts = leads.locator('li > span')
  await expect(leadTexts).toHaveText(['10 min before', 'At start'])

  const add = page.getByLabel('Minutes before start (0 = at start)')
  for (const n of ['100', '90']) {
    await add.fill(n)
    await add.press('Enter')
    await expect(page.getByTestId('reminders-saved')).toHaveText('Saved: Lead times')
  }
  await expect(leads.getByRole('listitem')).toHaveCount(4)
  await add.fill('90')
  await add.press('Enter')
  await expect(page.getByText('That lead time is already in the list.')).toBeVisible()
  await page.getByRole('button', { name: 'Remove At start' }).click()
  await expect(leadTexts).toHaveText(['100 min before', '90 min before', '10 min before'])

  // Quiet from 25 to 40 minutes from now: the 100-minute reminder (in 20) fires, the 90 (in 30) not.
  await page.getByLabel('No reminders during quiet hours').check()
  await page.getByLabel('From', { exact: true }).fill(localTime(NOW + 25 * MIN))
  await page.getByLabel('Until', { exact: true }).fill(localTime(NOW + 40 * MIN))
  await expect(page.getByTestId('reminders-saved')).toHaveText('Saved: Quiet hours')
  await expect
    .poll(() => savedFile(onair).reminders)
    .toMatchObject({
      leadMinutes: [100, 90, 10],
      quietHours: { enabled: true, start: localTime(NOW + 25 * MIN), end: localTime(NOW + 40 * MIN) }
    })

  app.clock.advance(21 * MIN)
  expect(firedFor9()).toEqual([100])
  app.clock.advance(15 * MIN)
  expect(firedFor9()).toEqual([100])

  // Out of range: explained beside the field, nothing stored.
  const grace = page.getByLabel('Missed-reminder grace (minutes)')
  await grace.fill('5000')
  await grace.press('Enter')
  await expect(page.getByText('Enter a whole number from 0 to 1440.')).toBeVisible()
  await expect(grace).toHaveAttribute('aria-invalid', 'true')
  expect(savedFile(onair).reminders.graceMinutes).toBe(15)
})

test('a bad cron expression shows the core’s reason in English and Japanese and is not saved', async ({
  onair,
  page
}) => {
  await openSignedIn(onair, page)
  await openSettings(page)
  const poll = page.getByLabel('Fetch the schedule')
  await poll.selectOption('*/15 * * * *')
  await expect(page.getByTestId('schedule-prefs-saved')).toHaveText('Saved: Fetch the schedule')
  await poll.selectOption({ label: 'Custom (cron expression)…' })
  const expression = page.getByLabel('Cron expression')
  await expect(expression).toBeFocused()
  await expression.fill('every ten minutes')
  await expression.press('Enter')
  await expect(page.getByText('"every ten minutes" is not a valid cron expression')).toBeVisible()
  await expect(expression).toHaveAttribute('aria-invalid', 'true')
  expect(onair.core.settings!.read().poll.cron).toBe('*/15 * * * *')

  await page.getByLabel('Language').selectOption('ja')
  await expect(page.getByText('「every ten minutes」は正しい cron 式ではありません')).toBeVisible()
  await page.getByLabel('cron 式').fill('*/20 * * * *')
  await page.getByLabel('cron 式').press('Enter')
  await expect(page.getByTestId('schedule-prefs-saved')).toHaveText('保存しました: 番組表の取得')
  expect(onair.core.settings!.read().poll.cron).toBe('*/20 * * * *')
})

test('the bell of a schedule row mutes its work, listed by title in Settings, unmuted there', async ({
  onair,
  page
}) => {
  await openSignedIn(onair, page)
  const row = page.locator('li[data-program-id="9"]')
  const bell = row.getByRole('button', { name: 'Reminders for Orbit Gardeners' })
  await expect(bell).toHaveAttribute('aria-pressed', 'true')
  await expect(bell).toHaveAttribute('title', 'Reminding you of Orbit Gardeners. Press to mute.')
  await bell.click()
  await expect(bell).toHaveAttribute('aria-pressed', 'false')
  await expect(bell).toHaveAttribute('title', 'Muted. Press to be reminded of Orbit Gardeners again.')
  expect(onair.core.settings!.read().reminders.mutedWorkIds).toEqual([3])

  await openSettings(page)
  await expect(page.getByLabel("Every work I'm watching, except muted ones")).toBeChecked()
  await expect(page.getByTestId('muted-works').locator('li > span')).toHaveText(['Orbit Gardeners'])
  await page.getByRole('button', { name: 'Unmute Orbit Gardeners' }).click()
  await expect(page.getByText('No muted works.')).toBeVisible()
  expect(onair.core.settings!.read().reminders.mutedWorkIds).toEqual([])
})

test('"only the works I pick": chosen in Settings, a work picked by its bell, only that work reminded', async ({
  onair,
  page
}) => {
  await openSignedIn(onair, page)
  // Muted in the default mode first: the picked list is another list, and the mute is kept.
  const row = page.locator('li[data-program-id="9"]')
  await row.getByRole('button', { name: 'Reminders for Orbit Gardeners' }).click()
  await expect.poll(() => savedFile(onair).reminders.mutedWorkIds).toEqual([3])

  await openSettings(page)
  await page.getByLabel('Only the works I pick').check()
  await expect(page.getByTestId('reminders-saved')).toHaveText('Saved: Remind me of')
  await expect(page.getByText('No works picked, so no reminders.', { exact: false })).toBeVisible()
  expect(savedFile(onair).reminders).toMatchObject({ mode: 'only-picked', pickedWorkIds: [], mutedWorkIds: [3] })

  // Every bell is off now; the row's bell picks its work.
  await page.getByRole('navigation').getByRole('button', { name: 'Upcoming' }).click()
  await expect(page.locator('button[aria-label^="Reminders for"][aria-pressed="true"]')).toHaveCount(0)
  const bell = row.getByRole('button', { name: 'Reminders for Orbit Gardeners' })
  await expect(bell).toHaveAttribute('title', 'Not picked. Press to be reminded of Orbit Gardeners.')
  await bell.click()
  await expect(bell).toHaveAttribute('aria-pressed', 'true')
  await expect(bell).toHaveAttribute('title', 'Picked: reminding you of Orbit Gardeners. Press to unpick.')
  expect(savedFile(onair).reminders).toMatchObject({ pickedWorkIds: [3], mutedWorkIds: [3] })
  await expectNoSeriousA11yViolations(page)

  // The works view shows the same bell.
  await page.getByRole('navigation').getByRole('button', { name: 'My works', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Reminders for Orbit Gardeners' })).toHaveAttribute(
    'aria-pressed',
    'true'
  )
  await expect(page.getByRole('button', { name: 'Reminders for Starlit Courier' })).toHaveAttribute(
    'aria-pressed',
    'false'
  )

  // Three hours on: program 9 (Orbit Gardeners) and program 13 (another work) have both started;
  // only the picked work was reminded of, at both lead times.
  app.clock.advance(3 * 60 * MIN + MIN)
  expect(firedFor9()).toEqual([10, 0])
  const reminded = deliveries.flatMap((d) =>
    d.kind === 'missed' ? [] : d.kind === 'single' ? [d.reminder] : d.reminders
  )
  expect(new Set(reminded.map((r) => r.program.work.id))).toEqual(new Set([3]))

  // Unpicked from Settings: no picked work is left. The choice reads in Japanese too.
  await openSettings(page)
  await expect(page.getByTestId('picked-works').locator('li > span')).toHaveText(['Orbit Gardeners'])
  await page.getByRole('button', { name: 'Stop reminding me of Orbit Gardeners' }).click()
  await expect(page.getByText('No works picked, so no reminders.', { exact: false })).toBeVisible()
  expect(savedFile(onair).reminders.pickedWorkIds).toEqual([])
  await page.getByLabel('Language').selectOption('ja')
  await expect(page.getByLabel('選んだ作品だけ')).toBeChecked()
})

test('turning the webhook receiver on shows the URL to register, with Copy', async ({ onair, page }) => {
  await openSignedIn(onair, page)
  await openSettings(page)
  await page.getByLabel('Receive wiki webhooks on this computer').check()
  const url = page.getByLabel('Webhook URL')
  await expect(url).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\//)
  expect(await url.inputValue()).toBe(onair.core.inbox!.webhookInfo().url)
  await expect(page.getByText("Register this URL in the wiki community's settings → Webhooks.")).toBeVisible()
  // The test origin is no secure context, so there is no clipboard: the URL is selected instead.
  await page.getByRole('button', { name: 'Copy', exact: true }).click()
  await expect(page.getByText('Could not copy: the address is selected, press Ctrl+C')).toBeVisible()
  await expect(url).toBeFocused()
  const selected = await url.evaluate((el) => {
    const input = el as unknown as SelectableInput
    return input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)
  })
  expect(selected).toBe(await url.inputValue())
  // Where the app has a clipboard (its own origin), the URL goes there.
  await page.evaluate(() => {
    const g = globalThis as unknown as ClipboardPage
    Object.defineProperty(g.navigator, 'clipboard', {
      value: { writeText: async (text: string) => void (g.copied = text) }
    })
  })
  await page.getByRole('button', { name: 'Copy', exact: true }).click()
  await expect(page.getByText('Copied.')).toBeVisible()
  expect(await page.evaluate(() => (globalThis as unknown as ClipboardPage).copied)).toBe(await url.inputValue())

  const address = await url.inputValue()
  await page.getByLabel('Receive wiki webhooks on this computer').uncheck()
  await expect(url).toHaveCount(0)
  expect(onair.core.inbox!.webhookInfo()).toEqual({ enabled: false })
  await expect(fetch(address, { method: 'POST' })).rejects.toThrow()
})

test('labels in Japanese; no serious accessibility problems in light and dark', async ({ onair, page }) => {
  await openSignedIn(onair, page)
  await openSettings(page)
  // With everything that only appears on demand: the webhook URL and the cron field.
  await page.getByLabel('Receive wiki webhooks on this computer').check()
  await page.getByLabel('Fetch the schedule').selectOption({ label: 'Custom (cron expression)…' })
  await expect(page.getByLabel('Webhook URL')).toBeVisible()
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expectNoSeriousA11yViolations(page)
  }
  await page.getByLabel('Language').selectOption('ja')
  for (const name of ['リマインダー', '番組表', '受信箱'])
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible()
  for (const label of [
    '放送開始の何分前（0 = 開始時）',
    'おやすみ時間は通知しない',
    '放送日の区切り',
    '番組表の取得',
    'このコンピューターで Wiki の Webhook を受け取る'
  ]) {
    await expect(page.getByLabel(label)).toBeVisible()
  }
  await expectNoSeriousA11yViolations(page)
})

test('a channel offset moves its reminders and shows the watch time beside the broadcast; "Remind" off silences it', async ({
  onair,
  page
}) => {
  await openSignedIn(onair, page)
  await openSettings(page)
  const table = page.getByTestId('channel-offsets')
  // The channels of the cached schedule, by name.
  await expect(table.locator('tbody th')).toContainText(['AT-X', 'Tokyo MX'])
  const offset = page.getByLabel('Offset in minutes for Tokyo MX')
  await offset.fill('2000')
  await offset.press('Enter')
  await expect(page.getByText('Enter a whole number from -60 to 1440.')).toBeVisible()
  await expect(offset).toHaveAttribute('aria-invalid', 'true')
  await offset.fill('60')
  await offset.press('Enter')
  await expect(page.getByTestId('watch-times-saved')).toHaveText('Saved: Tokyo MX')
  expect(savedFile(onair).reminders.channels).toEqual({ '1': { offsetMinutes: 60, muted: false } })

  // Program 9 on Tokyo MX airs at 23:00 in Tokyo: watchable at 00:00, its reminders an hour later.
  await page.getByRole('navigation').getByRole('button', { name: 'Upcoming' }).click()
  const row = page.locator('li[data-program-id="9"]')
  await expect(row.locator('time')).toHaveText('23:00')
  await expect(row.locator('.shift')).toHaveText('→ 00:00watch at 00:00')
  app.clock.advance(2 * 60 * MIN)
  expect(firedFor9()).toEqual([])
  app.clock.advance(60 * MIN)
  expect(firedFor9()).toEqual([10, 0])

  await openSettings(page)
  await page.getByLabel('Reminders for Tokyo MX').uncheck()
  await expect(page.getByTestId('watch-times-saved')).toHaveText('Saved: Tokyo MX')
  expect(savedFile(onair).reminders.channels).toEqual({ '1': { offsetMinutes: 60, muted: true } })
  await page.getByLabel('Language').selectOption('ja')
  await expect(page.getByRole('heading', { name: '視聴できる時刻' })).toBeVisible()
  await expect(page.getByLabel('同じ話は1回だけ通知（時差を足して最も早いチャンネル）')).toBeChecked()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('navigation').getByRole('button', { name: '放送予定' }).click()
  await expect(page.locator('li[data-program-id="10"]').getByText('通知なし')).toBeVisible()
})
