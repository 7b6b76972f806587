import type { ScheduleView } from '../../src/shared/contract'
import { expect, test } from './fixtures'

// 2026-11-22 12:00:30 UTC: half a minute before a minute boundary.
const NOW = Date.UTC(2026, 10, 22, 12, 0, 30)

/** `n` programs a minute and a half apart, the first 5½ minutes from now. */
function longSchedule(n: number): ScheduleView {
  return {
    fetchedAt: new Date(NOW).toISOString(),
    offline: false,
    state: 'ok',
    programs: Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      startedAt: new Date(NOW + 330_000 + i * 90_000).toISOString(),
      isRebroadcast: false,
      channel: { id: 1, name: 'Channel 1' },
      work: { id: i + 1, title: `Work ${i + 1}`, seasonNameText: null },
      episode: { id: i + 1, number: '1', numberText: null, title: null }
    }))
  }
}

test.use({ timezoneId: 'UTC' })

test('the countdowns move on at each minute, once: the tick does not re-run itself', async ({ onair, page }) => {
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(err.message))
  await page.clock.install({ time: NOW })
  // Time moves on while the page works: each read of the clock is a millisecond later than the last,
  // as it is when re-rendering a long list takes longer than that.
  await page.addInitScript(() => {
    const fake = Date.now
    let reads = 0
    Date.now = () => fake() + reads++
  })
  await onair.open()
  await onair.push('schedule:changed', longSchedule(300))
  const first = page.locator('li[data-program-id="1"]')
  await expect(first).toContainText('in 6 min')

  // The minute tick. It used to make the countdown effect depend on the time it writes, so the
  // tick re-ran it with a later time, and that run again: a re-render of every row per round, up
  // to Svelte's limit of 1,000 rounds and an error (with thousands of rows, minutes of frozen window).
  await page.clock.fastForward(30_000)
  await expect(first).toContainText('in 5 min')
  await expect(page.locator('li[data-program-id="12"]')).toContainText('in 22 min')
  expect(errors).toEqual([])
})
