import type { Page } from '@playwright/test'
import { createSessionMonitor } from '../../src/main/core/auth/monitor'
import { systemClock } from '../../src/main/core/clock'
import type { ManualClock } from '../support/manual-clock'
import { createMediaClient } from '../../src/main/core/media/client'
import { openRecords, type RecordsCore } from '../../src/main/core/records'
import { USER_ID, type Emulator } from '../emulator'
import { expect, type HarnessParts } from './fixtures'
import type { CoreDeps } from '../../src/main/core/app'

/**
 * The records feature for `onairDepsFor`: the real outbox and works view in the test's folder,
 * over a read-write client of the emulator, without an account (so no onboarding covers the app).
 * The outbox runs on `clock`, a ManualClock: undo windows and backoff pass only when a test says.
 */
export function emulatedRecords(emu: Emulator, clock: ManualClock, sink?: { records?: RecordsCore }) {
  return {
    build({ dataDir }: HarnessParts): Partial<CoreDeps> {
      // Real time for HTTP pacing: a ManualClock would never end a pacing wait.
      const media = createMediaClient({ baseUrl: emu.baseUrl, token: () => emu.tokens.readWrite, clock: systemClock })
      const records = openRecords({ dataDir, media: () => media, monitor: createSessionMonitor('signed-in'), clock })
      records.outbox.start()
      if (sink) sink.records = records
      return { records }
    }
  }
}

/** `n` more works with a status for user 1 (ids from 1001), so pages of 25 and 50 fill up. */
export function seedWorks(emu: Emulator, n: number, now: number): void {
  const year = new Date(now).getUTCFullYear()
  for (let i = 1; i <= n; i++) {
    const id = 1000 + i
    emu.media.works.push({
      id,
      title: `Paging Work ${String(i).padStart(3, '0')}`,
      titleKana: 'ぺーじんぐ',
      media: 'tv',
      season: { year: year - 1, name: 'spring' },
      releasedOn: `${year - 1}-04-05`,
      releasedOnAbout: '',
      officialSiteUrl: `https://example.com/works/${id}`,
      encyclopediaUrl: `https://encyclopedia.example/wiki/work-${id}`,
      microblogUsername: `work${id}`,
      microblogHashtag: `work${id}`,
      episodesCount: 12,
      watchersCount: i * 10
    })
    emu.media.setStatus(USER_ID, id, 'watched', now)
  }
}

/** Opens the app on one view through the navigation, as a user would. */
export async function openView(page: Page, open: () => Promise<void>, nav: string, heading: string): Promise<void> {
  await open()
  await page.getByRole('navigation').getByRole('button', { name: nav, exact: true }).click()
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible()
}
