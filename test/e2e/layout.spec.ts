import type { Page } from '@playwright/test'
import { emulatedAccount, expect, expectNoSeriousA11yViolations, test, type HarnessParts } from './fixtures'
import { startEmulator, type Emulator } from '../emulator'
import { startStranger, type Stranger } from '../stranger/server'
import { addArticleNotification, openPreview, previewInbox } from './preview-deps'
import { seedWeekOfReminders } from './reminder-history-seed'
import { openSignedIn } from './schedule-deps'
import { go, tourDeps, tourPerTest, weekOfUse, WINDOW, type Lang } from './window-tour'

/**
 * Every view at the real window size (420×640), in both languages, light and dark: nothing scrolls
 * sideways, nothing runs past the right edge or is clipped, and axe finds no serious violation.
 */
const tour = tourPerTest()
const NOW = tour.start
test.use({ viewport: WINDOW, timezoneId: 'Asia/Tokyo' })

/**
 * What does not fit: the page's own sideways scroll, any element whose box runs past the right
 * edge (outside a container that scrolls on purpose), and any text clipped by `overflow: hidden`.
 */
/** The DOM as the in-page check below uses it (the node tsconfig has no DOM lib on purpose). */
interface Box {
  tagName: string
  id: string
  classList: Iterable<string>
  textContent: string | null
  parentElement: Box | null
  scrollWidth: number
  clientWidth: number
  closest(selector: string): Box | null
  getBoundingClientRect(): { left: number; right: number; width: number; height: number }
}
interface Dom {
  document: { documentElement: Box; body: Box & { querySelectorAll(selector: string): Iterable<Box> } }
  getComputedStyle(el: Box): { overflowX: string }
}

function misfits(page: Page): Promise<{ scrollWidth: number; clientWidth: number; outside: string[] }> {
  return page.evaluate(() => {
    const { document, getComputedStyle } = globalThis as unknown as Dom
    const root = document.documentElement
    const width = root.clientWidth
    const name = (el: Box) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')} "${(el.textContent ?? '').trim().slice(0, 30)}"`
    const scrolls = (el: Box) => /auto|scroll/.test(getComputedStyle(el).overflowX)
    const outside: string[] = []
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('.visually-hidden')) continue
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      let parent = el.parentElement
      while (parent && !scrolls(parent)) parent = parent.parentElement
      if (!parent && (box.right > width + 0.5 || box.left < -0.5)) outside.push(name(el))
      const clips = /hidden|clip/.test(getComputedStyle(el).overflowX) && !/^(SELECT|INPUT|TEXTAREA)$/.test(el.tagName)
      if (clips && el.scrollWidth > el.clientWidth + 1) outside.push(`clipped: ${name(el)}`)
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, outside: outside.slice(0, 8) }
  })
}

async function expectFits(page: Page, where: string): Promise<void> {
  const found = await misfits(page)
  expect(found, where).toEqual({ scrollWidth: found.clientWidth, clientWidth: WINDOW.width, outside: [] })
  await expectNoSeriousA11yViolations(page)
}

for (const lang of ['en', 'ja'] as const satisfies Lang[]) {
  for (const scheme of ['light', 'dark'] as const) {
    const ja = lang === 'ja'
    test.describe(`${lang}, ${scheme}`, () => {
      test.use({
        colorScheme: scheme,
        locale: ja ? 'ja-JP' : 'en-US',
        onairDeps: { locale: () => (ja ? 'ja-JP' : 'en-US') }
      })

      test.describe('signed in', () => {
        test.use({ onairDepsFor: tourDeps(tour, lang) })

        test('schedule, works, records, inbox, settings, reminders and catch-up fit the window', async ({
          onair,
          page
        }) => {
          // Six axe runs in one tour: on a loaded 2-core machine they take longer than one test's 30 s.
          test.setTimeout(120_000)
          await openSignedIn(page, onair, tour())
          await page.clock.setFixedTime(NOW)
          const row = page.locator('li[data-program-id="9"]')
          await expect(row).toBeVisible()
          await expectFits(page, 'schedule')
          await row.getByRole('button', { name: ja ? /その他の操作/ : /^More actions/ }).click()
          await expectFits(page, 'schedule with a row open')
          await row.getByRole('button', { name: ja ? 'コメントと評価' : 'Comment and rating' }).click()
          await expectFits(page, 'schedule with the record panel')

          await go(page, 'works', lang, 'tbody tr')
          await expectFits(page, 'works')

          await weekOfUse(tour().emu, tour().sink, lang)
          await go(page, 'records', lang, 'li.recent')
          await expectFits(page, 'records')
          await page
            .locator('li.recent')
            .first()
            .getByRole('button', { name: ja ? '編集' : 'Edit' })
            .click()
          await expectFits(page, 'records with the edit form')

          await go(page, 'inbox', lang, 'li[data-key]')
          await expectFits(page, 'inbox')

          // Channel offsets as long as they get: a day late (the weekday shows), and a silent channel.
          onair.core.settings!.update((doc) => ({
            ...doc,
            reminders: {
              ...doc.reminders,
              channels: { '1': { offsetMinutes: 1440, muted: false }, '3': { offsetMinutes: -45, muted: true } }
            },
            // Tonight's list on: its time field shows too.
            tonight: { enabled: true, at: '18:00' }
          }))
          await go(page, 'settings', lang, 'h2')
          await expect(page.getByTestId('channel-offsets')).toBeVisible()
          await expectFits(page, 'settings')

          await go(page, 'schedule', lang, 'li[data-program-id="9"] .shift')
          await expectFits(page, 'schedule with channel offsets')

          // The Reminders list, opened from the schedule, with a row of every outcome.
          seedWeekOfReminders(onair.dataDir, tour().sink.reminders!.schedule().programs, NOW)
          await page.getByRole('button', { name: ja ? 'リマインダー' : 'Reminders', exact: true }).click()
          await page.locator('li[data-outcome="quiet"]').first().waitFor()
          await expectFits(page, 'reminders')

          // The catch-up list, opened from the schedule: two works, one with "Up to here".
          await go(page, 'schedule', lang, 'section.schedule')
          await page.getByRole('button', { name: ja ? /^見逃し/ : /^Catch up/ }).click()
          await page.locator('section.catch-up li').first().waitFor()
          await expectFits(page, 'catch-up')
        })
      })

      test.describe('article preview', () => {
        let emu: Emulator
        let stranger: Stranger
        test.beforeAll(async () => {
          emu = await startEmulator({ port: 0 })
          stranger = await startStranger()
          addArticleNotification(emu, 'an article with pictures')
        })
        test.afterAll(async () => {
          emu.close()
          await stranger.close()
        })
        test.use({
          onairDeps: async ({}, use) =>
            use({
              locale: () => (ja ? 'ja-JP' : 'en-US'),
              inbox: previewInbox({
                emu,
                stranger,
                body: [
                  '<p>作画の記録とメモ: a long line with a link to <a href="https://stranger.example/a/very/long/path/that/goes/on/and/on/to/the/end.html">the studio</a>.</p>',
                  '<p><img src="https://stranger.example/img/key-visual.png" alt="キービジュアル"> <img src="https://stranger.example/img/a-pixel-with-a-rather-long-file-name.png"></p>'
                ].join('\n')
              })
            })
        })

        test('placeholders, "Load images" and the link bubble fit, by keyboard too', async ({ onair, page }) => {
          await openPreview(page, onair.open, 'an article with pictures', lang)
          const load = page.getByRole('button', { name: ja ? '画像を読み込む' : 'Load images' })
          await expect(load).toBeVisible()
          await expectFits(page, 'article preview')
          // From the heading the preview starts at: the button first, then the article's link.
          await page.keyboard.press('Tab')
          await expect(load).toBeFocused()
          await page.keyboard.press('Tab')
          await expect(page.getByRole('link', { name: /the studio/ })).toBeFocused()
          await expectFits(page, 'article preview, link focused')
          await load.click()
          await expect(load).toBeHidden()
          await expectFits(page, 'article preview, images loaded')
        })
      })

      test.describe('first start', () => {
        test.use({ onairDepsFor: { build: (parts: HarnessParts) => emulatedAccount(tour().emu).build(parts) } })

        test('onboarding fits the window', async ({ onair, page }) => {
          await onair.open()
          const start = page.getByRole('button', { name: ja ? 'はじめる' : 'Get started' })
          await expectFits(page, 'onboarding, welcome')
          await start.click()
          await page.locator('form input').first().waitFor()
          await expectFits(page, 'onboarding, services')
        })
      })
    })
  }
}
