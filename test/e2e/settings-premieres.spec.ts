import { readFileSync } from 'node:fs'
import { ManualClock } from '../support/manual-clock'
import { WATCHDOG_MS } from '../../src/main/core/reminders/reminders'
import { dataFile } from '../../src/main/core/store/data-files'
import type { CachedProgram } from '../../src/shared/schedule'
import { expect, expectNoSeriousA11yViolations, test, type OnairHarness } from './fixtures'
import { useAppComposition } from './app-composition'

// 2026-11-22 12:00 UTC; the seed's first episodes (Orbit Gardeners' among them) are still ahead.
const NOW = new ManualClock().now()
/** Each premiere notice the core raised: the works it named. */
let notices: CachedProgram[][]
const app = useAppComposition(NOW, (e) => void (e.type === 'premiere' && notices.push(e.programs)))
test.beforeEach(() => {
  notices = []
})

const savedPremiere = (onair: OnairHarness) =>
  JSON.parse(readFileSync(dataFile(onair.dataDir, 'settings'), 'utf8')).reminders.premiere

test('"Tell me about premieres": off from the keyboard before the first poll, no notice; on again, one notice naming them all', async ({
  onair,
  page
}) => {
  await page.clock.install({ time: NOW })
  await onair.open()
  await onair.core.account!.signInWithToken(app.emu.tokens.readWrite)
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click()
  const box = page.getByLabel('Tell me about premieres')
  await expect(box).toBeChecked()
  await expect(box).toHaveAccessibleDescription(/Once per work I plan to watch, outside quiet hours/)
  await box.focus()
  await page.keyboard.press('Space')
  await expect(page.getByTestId('reminders-saved')).toHaveText('Saved: Tell me about premieres')
  await expect.poll(() => savedPremiere(onair)).toBe(false)

  // Off: the first poll finds the season's first episodes and says nothing, then or a minute on.
  await app.services!.start()
  app.clock.advance(WATCHDOG_MS)
  expect(notices).toEqual([])

  await page.keyboard.press('Space')
  await expect.poll(() => savedPremiere(onair)).toBe(true)
  app.clock.advance(WATCHDOG_MS)
  expect(notices).toHaveLength(1)
  const works = notices[0]!.map((p) => p.work.title)
  expect(works).toContain('Orbit Gardeners')
  expect(works.length).toBeGreaterThan(1)
  // Once per work: off and on again announces nothing more.
  await page.keyboard.press('Space')
  await expect.poll(() => savedPremiere(onair)).toBe(false)
  await page.keyboard.press('Space')
  await expect.poll(() => savedPremiere(onair)).toBe(true)
  app.clock.advance(WATCHDOG_MS)
  expect(notices).toHaveLength(1)

  await expectNoSeriousA11yViolations(page)
  await page.getByLabel('Language').selectOption('ja')
  await expect(page.getByLabel('初回放送をお知らせする')).toBeChecked()
  await expect(page.getByText('見たい作品ごとに 1 回、おやすみ時間以外に。')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
