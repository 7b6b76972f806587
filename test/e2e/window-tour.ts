import type { Page } from '@playwright/test'
import { ManualClock } from '../support/manual-clock'
import { createInbox } from '../../src/main/core/inbox/inbox'
import { emptyInbox } from '../../src/main/core/inbox/store'
import { memoryStore } from '../../src/main/core/store/document'
import { memoryNotifier } from '../../src/main/core/notify'
import { createWikiClient } from '../../src/main/core/wiki/client'
import type { Emulator } from '../emulator'
import type { HarnessParts } from './fixtures'
import { emulatedSchedule, emulatorEachTest, type EmulatedWorld, type ScheduleSink } from './schedule-deps'

/**
 * A tour of every view with the emulator's seeded data, shared by the layout checks and the
 * README screenshots: the app as a user sees it after a week of use, in either language.
 */
export type Lang = 'en' | 'ja'

/** The window the app opens (src/main/shell/window.ts). */
export const WINDOW = { width: 420, height: 640 }

/** Navigation labels, as the user reads them. */
export const NAV: Record<'schedule' | 'works' | 'records' | 'inbox' | 'settings', Record<Lang, RegExp>> = {
  schedule: { en: /Upcoming/, ja: /放送予定/ },
  works: { en: /My works/, ja: /マイ作品/ },
  records: { en: /^Records$/, ja: /^記録$/ },
  inbox: { en: /Inbox/, ja: /受信箱/ },
  settings: { en: /Settings/, ja: /設定/ }
}

/**
 * A fresh emulator and schedule sink per test, every test starting at the same instant, so each
 * test sees the same seeded week. Call at the top of a spec; `tour()` gives the current test's
 * parts, `tour.start` that instant.
 */
export function tourPerTest(): (() => EmulatedWorld) & { start: number } {
  const start = new ManualClock().now()
  const world = emulatorEachTest(start)
  const tour = () => {
    if (!world.emu) throw new Error('tour() is only available inside a test')
    return world
  }
  return Object.assign(tour, { start })
}

/** The schedule (records, reminders) and an inbox, all on the emulator, for `onairDepsFor`. */
export function tourDeps(tour: () => EmulatedWorld, lang: Lang) {
  return {
    build(parts: HarnessParts) {
      const { emu, clock, sink } = tour()
      return {
        ...emulatedSchedule(emu, clock, sink).build(parts),
        inbox: createInbox({
          wiki: () => createWikiClient({ baseUrl: emu.baseUrl, token: () => emu.tokens.wiki, timeoutMs: 2000 }),
          store: memoryStore(emptyInbox()),
          clock: new ManualClock(clock.now()),
          notifier: memoryNotifier(),
          notify: () => false,
          language: () => lang
        })
      }
    }
  }
}

/** A week of use: a sent record with a comment, one the service refused, one in its undo window. */
export async function weekOfUse(emu: Emulator, sink: ScheduleSink, lang: Lang): Promise<void> {
  const outbox = sink.records!.outbox
  outbox.record(
    {
      episodeId: 101,
      workId: 1,
      display: { workTitle: 'Starlit Courier', episodeNumber: '第1話' },
      comment: lang === 'ja' ? '作画が最高だった。' : 'Gorgeous animation.',
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
}

/** Switches views with the navigation and waits for something the view shows once loaded. */
export async function go(page: Page, view: keyof typeof NAV, lang: Lang, ready: string): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name: NAV[view][lang] }).click()
  await page.locator(ready).first().waitFor()
}
