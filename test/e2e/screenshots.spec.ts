import { resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { emulatedAccount, expect, test, type HarnessParts } from './fixtures'
import { openSignedIn } from './schedule-deps'
import { go, tourDeps, tourPerTest, weekOfUse, WINDOW } from './window-tour'

/**
 * The README's screenshots: every view in English and Japanese, from the emulator's seeded data,
 * in the 420×640 window the app opens, at a fixed instant (2026-11-22 21:00 in Tokyo); and the
 * schedule once more in a window widened to 900×640 (the window can be resized). It writes into
 * docs/, so it runs only when asked: `npm run build && ONAIR_SCREENSHOTS=1 npx playwright test
 * screenshots`. Japanese needs a Japanese font on the machine (Debian: `apt-get install
 * fonts-ipafont-gothic`), or every kana and kanji comes out as a box.
 */
test.skip(
  process.env['ONAIR_SCREENSHOTS'] !== '1',
  'writes docs/screenshots/*.png; set ONAIR_SCREENSHOTS=1 to regenerate them'
)

const OUT = resolve(import.meta.dirname, '../../docs/screenshots')
const tour = tourPerTest()
const NOW = tour.start
test.use({ viewport: WINDOW, timezoneId: 'Asia/Tokyo', colorScheme: 'light' })

async function shot(page: Page, view: string, lang: string): Promise<void> {
  await page.screenshot({ path: `${OUT}/${view}-${lang}.png` })
}

for (const lang of ['en', 'ja'] as const) {
  const ja = lang === 'ja'
  test.describe(lang, () => {
    test.use({ locale: ja ? 'ja-JP' : 'en-US', onairDeps: { locale: () => (ja ? 'ja-JP' : 'en-US') } })

    test.describe('signed in', () => {
      test.use({ onairDepsFor: tourDeps(tour, lang) })

      test('schedule, works, records, inbox, settings, catch-up', async ({ onair, page }) => {
        await openSignedIn(page, onair, tour())
        // Stop the page's time where the core's is, so countdowns and ages read the same every run.
        await page.clock.setFixedTime(NOW)
        const row = page.locator('li[data-program-id="9"]')
        await expect(row).toBeVisible()
        await shot(page, 'schedule', lang)
        // One row's other actions open, as after a press of its "more" button.
        await row.getByRole('button', { name: ja ? /その他の操作/ : /^More actions/ }).click()
        await shot(page, 'schedule-more', lang)
        await page.keyboard.press('Escape')
        await page.setViewportSize({ width: 900, height: WINDOW.height })
        await shot(page, 'schedule-wide', lang)
        await page.setViewportSize(WINDOW)

        await go(page, 'works', lang, 'tbody tr')
        await shot(page, 'works', lang)

        await weekOfUse(tour().emu, tour().sink, lang)
        await go(page, 'records', lang, 'li.recent')
        await shot(page, 'records', lang)

        await go(page, 'inbox', lang, 'li[data-key]')
        await shot(page, 'inbox', lang)

        await go(page, 'settings', lang, 'h2')
        await shot(page, 'settings', lang)
        // Tonight's list turned on, its section in view.
        await page.getByLabel(ja ? '今夜の放送一覧を毎日通知する' : "Tonight's list: one notification a day").check()
        await page.locator('#catch-up-prefs-heading').scrollIntoViewIfNeeded()
        await page.getByLabel(ja ? '通知する時刻' : 'Notify at').waitFor()
        await shot(page, 'settings-tonight', lang)

        // The catch-up list, from the schedule's button.
        await go(page, 'schedule', lang, 'section.schedule')
        await page.getByRole('button', { name: ja ? /^見逃し/ : /^Catch up/ }).click()
        await page.locator('section.catch-up li').first().waitFor()
        await shot(page, 'catch-up', lang)
      })
    })

    test.describe('first start', () => {
      test.use({ onairDepsFor: { build: (parts: HarnessParts) => emulatedAccount(tour().emu).build(parts) } })

      test('onboarding', async ({ onair, page }) => {
        await page.clock.install({ time: NOW })
        await onair.open()
        await page.getByRole('button', { name: ja ? 'はじめる' : 'Get started' }).waitFor()
        await shot(page, 'onboarding', lang)
      })
    })
  })
}
