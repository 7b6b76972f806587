import { resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { ManualClock } from '../../src/main/core/clock'
import { createInbox } from '../../src/main/core/inbox/inbox'
import { memoryInboxStore } from '../../src/main/core/inbox/store'
import { memoryNotifier } from '../../src/main/core/notify'
import { createWikiClient } from '../../src/main/core/wiki/client'
import { startEmulator, type Emulator } from '../emulator'
import { emulatedAccount, expect, test, type HarnessParts } from './fixtures'
import { emulatedSchedule, openSignedIn, type ScheduleSink } from './schedule-deps'

/**
 * The README's screenshots: every view in English and Japanese, from the emulator's seeded data,
 * in a 1000×700 window at a fixed instant (2026-11-22 21:00 in Tokyo). It writes into docs/, so it
 * runs only when asked: `npm run build && ONAIR_SCREENSHOTS=1 npx playwright test screenshots`.
 * Japanese needs a Japanese font on the machine (Debian: `apt-get install fonts-ipafont-gothic`),
 * or every kana and kanji comes out as a box.
 */
test.skip(
  process.env['ONAIR_SCREENSHOTS'] !== '1',
  'writes docs/screenshots/*.png; set ONAIR_SCREENSHOTS=1 to regenerate them'
)

const OUT = resolve(import.meta.dirname, '../../docs/screenshots')
const clock = new ManualClock()
const NOW = clock.now()
let emu: Emulator
let sink: ScheduleSink

test.beforeEach(async () => {
  clock.advanceTo(NOW)
  emu = await startEmulator({ port: 0, now: () => clock.now() })
  sink = {}
})
test.afterEach(() => emu.close())
test.use({ viewport: { width: 1000, height: 700 }, timezoneId: 'Asia/Tokyo', colorScheme: 'light' })

function inboxOn(emu: Emulator, lang: 'en' | 'ja') {
  return createInbox({
    wiki: () => createWikiClient({ baseUrl: emu.baseUrl, token: () => emu.tokens.wiki, timeoutMs: 2000 }),
    store: memoryInboxStore(),
    clock: new ManualClock(NOW),
    notifier: memoryNotifier(),
    notify: () => false,
    language: () => lang
  })
}

async function shot(page: Page, view: string, lang: string): Promise<void> {
  await page.screenshot({ path: `${OUT}/${view}-${lang}.png` })
}

async function go(page: Page, nav: RegExp, ready: string): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name: nav }).click()
  await page.locator(ready).first().waitFor()
}

for (const lang of ['en', 'ja'] as const) {
  const ja = lang === 'ja'
  test.describe(lang, () => {
    test.use({ locale: ja ? 'ja-JP' : 'en-US', onairDeps: { locale: () => (ja ? 'ja-JP' : 'en-US') } })

    test.describe('signed in', () => {
      test.use({
        onairDepsFor: {
          build: (parts: HarnessParts) => ({
            ...emulatedSchedule(emu, clock, sink).build(parts),
            inbox: inboxOn(emu, lang)
          })
        }
      })

      test('schedule, works, records, inbox, settings', async ({ onair, page }) => {
        await openSignedIn(page, onair, { emu, clock, sink })
        // Stop the page's time where the core's is, so countdowns and ages read the same every run.
        await page.clock.setFixedTime(NOW)
        await expect(page.locator('li[data-program-id="9"]')).toBeVisible()
        await shot(page, 'schedule', lang)

        await go(page, ja ? /マイ作品/ : /My works/, 'tbody tr')
        await shot(page, 'works', lang)

        // A week of use: a sent record with a comment, one the service refused, one in its undo window.
        const outbox = sink.records!.outbox
        outbox.record(
          {
            episodeId: 101,
            workId: 1,
            display: { workTitle: 'Starlit Courier', episodeNumber: '第1話' },
            comment: ja ? '作画が最高だった。' : 'Gorgeous animation.',
            rating: 4.5
          },
          { immediate: true }
        )
        await outbox.idle()
        emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'status', status: 403, times: 1 })
        outbox.record(
          { episodeId: 302, workId: 3, display: { workTitle: 'Orbit Gardeners', episodeNumber: '第2話' } },
          { immediate: true }
        )
        await outbox.idle()
        outbox.record({ episodeId: 301, workId: 3, display: { workTitle: 'Orbit Gardeners', episodeNumber: '第1話' } })
        await go(page, ja ? /^記録$/ : /^Records$/, 'li.recent')
        await shot(page, 'records', lang)

        await go(page, ja ? /受信箱/ : /Inbox/, 'li[data-key]')
        await shot(page, 'inbox', lang)

        await go(page, ja ? /設定/ : /Settings/, 'h2')
        await shot(page, 'settings', lang)
      })
    })

    test.describe('first start', () => {
      test.use({ onairDepsFor: { build: (parts: HarnessParts) => emulatedAccount(emu).build(parts) } })

      test('onboarding', async ({ onair, page }) => {
        await page.clock.install({ time: NOW })
        await onair.open()
        await page.getByRole('button', { name: ja ? /はじめる|始める/ : 'Get started' }).waitFor()
        await shot(page, 'onboarding', lang)
      })
    })
  })
}
