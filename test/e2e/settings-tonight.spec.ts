import { readFileSync } from 'node:fs'
import { ManualClock } from '../support/manual-clock'
import { dataFile } from '../../src/main/core/store/data-files'
import type { TonightEvent } from '../../src/main/core/tonight/service'
import { expect, expectNoSeriousA11yViolations, test, type OnairHarness } from './fixtures'
import { useAppComposition } from './app-composition'
import { WINDOW } from './window-tour'

// 2026-11-22 12:00 UTC is 21:00 in Tokyo; the seed's late-night slot is at 01:30, tonight's 25:30.
const NOW = new ManualClock().now()
const HOUR = 3_600_000
const app = useAppComposition(NOW, () => {})
test.use({ viewport: WINDOW })

const saved = (onair: OnairHarness) => JSON.parse(readFileSync(dataFile(onair.dataDir, 'settings'), 'utf8'))

test("tonight's list: off by default; on from the keyboard at 22:00, one notice that night naming the 25:30 slot, by the app's composition", async ({
  onair,
  page
}) => {
  await page.clock.install({ time: NOW })
  await onair.open()
  await onair.core.account!.signInWithToken(app.emu.tokens.readWrite)
  // The reminders' zone, which tonight's time is read in: the user's, not this machine's.
  onair.core.settings.update((s) => ({ ...s, reminders: { ...s.reminders, timeZone: 'Asia/Tokyo' } }))
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click()
  const box = page.getByLabel("Tonight's list: one notification a day")
  await expect(box).not.toBeChecked()
  await expect(page.getByLabel('Notify at')).toHaveCount(0)
  await expect(page.getByLabel('Catch up on the last (days)')).toHaveValue('7')
  await box.focus()
  await page.keyboard.press('Space')
  await expect.poll(() => saved(onair).tonight.enabled).toBe(true)
  await page.getByLabel('Notify at').fill('22:00')
  await expect(page.getByTestId('catch-up-prefs-saved')).toHaveText("Saved: Tonight's list time")
  await expect.poll(() => saved(onair).tonight.at).toBe('22:00')
  await page.getByLabel('Catch up on the last (days)').fill('14')
  await page.getByLabel('Catch up on the last (days)').press('Enter')
  await expect.poll(() => saved(onair).catchUp.days).toBe(14)
  await expectNoSeriousA11yViolations(page)

  const shown: TonightEvent[] = []
  app.services!.tonight.onShown((e) => shown.push(e))
  await app.services!.start()
  app.clock.advance(HOUR - 1)
  expect(shown).toEqual([])
  app.clock.advance(1)
  expect(shown).toHaveLength(1)
  expect(shown[0]!.day).toBe('2026-11-22')
  expect(shown[0]!.notice.title).toMatch(/^Tonight: \d+ shows?$/)
  expect(shown[0]!.notice.body).toContain('01:30 Midnight Bakery Club')
  app.clock.advance(6 * HOUR)
  expect(shown).toHaveLength(1)

  await page.getByLabel('Language').selectOption('ja')
  await expect(page.getByLabel('今夜の放送一覧を毎日通知する')).toBeChecked()
  await expect(page.getByLabel('通知する時刻')).toHaveValue('22:00')
  await expect(page.getByLabel('見逃しの対象（日数）')).toHaveValue('14')
  await expectNoSeriousA11yViolations(page)
})
