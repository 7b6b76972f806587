import { afterEach, describe, expect, it } from 'vitest'
import { memoryStore, type DocumentStore } from '../../../src/main/core/store/document'
import type { ScheduleCache } from '../../../src/shared/schedule'
import { createMediaClient } from '../../../src/main/core/media/client'
import { pollOnce, PROGRAM_FIELDS } from '../../../src/main/core/programs/poll'
import { defaultSettings } from '../../../src/shared/settings'
import type { Emulator } from '../../emulator'
import { collectPages } from '../../../src/main/core/media/paginate'
import { byStartedAt } from '../../../src/main/core/media/programs'
import type { MediaClient } from '../../../src/main/core/media/client'
import { emulated, MODES } from '../media/emulated'
import { emulatedPoller } from './emulated'
import { BACKOFF } from '../../../src/main/core/programs/poller'

const HOUR = 3_600_000
const settings = defaultSettings()

/** The client's own page walk, already checked against the emulator's tables (media tests). */
async function walkIds(client: MediaClient, from: number, to: number): Promise<number[]> {
  const all = await collectPages(
    client.allPrograms({ unwatched: true, startedFrom: from, startedTo: to, perPage: 7 }, { maxPages: 500 }),
    byStartedAt
  )
  return all.items.map((p) => p.id)
}

describe.each(MODES)('pollOnce against the emulator ($name mode)', ({ quirks }) => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('reaches further back by the latest delay of a reminding channel, so a streamed-later episode stays', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    // Four hours after the seeding, several seeded broadcasts began more than an hour ago.
    const now = t.clock.now() + 4 * HOUR
    const channels = { '1': { offsetMinutes: 600, muted: false }, '2': { offsetMinutes: 1440, muted: true } }
    const r = await pollOnce({
      media: t.client,
      now,
      settings: { ...settings, reminders: { ...settings.reminders, channels } }
    })
    if (!r.ok) throw r.error
    const wider = await walkIds(t.client, now - HOUR - 600 * 60_000, now + 48 * HOUR)
    expect(r.programs.map((p) => p.id)).toEqual(wider)
    expect(wider.length).toBeGreaterThan((await walkIds(t.client, now - HOUR, now + 48 * HOUR)).length)
  })

  it('asks for unwatched programs in the window, 50 a page, sorted, with a field list, and caches what it needs', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    const now = t.clock.now()
    const r = await pollOnce({ media: t.client, now, settings })
    if (!r.ok) throw r.error
    expect(r.programs.map((p) => p.id)).toEqual(await walkIds(t.client, now - HOUR, now + 48 * HOUR))
    expect(r.programs.map((p) => p.id)).not.toContain(2) // recorded already
    expect(r.skipped).toEqual([])
    expect(r.complete).toBe(true)
    const q = new URLSearchParams(t.emu.requests[0]!.query)
    expect(q.get('filter_unwatched')).toBe('true')
    expect(q.get('sort_started_at')).toBe('asc')
    expect(q.get('per_page')).toBe('50')
    expect(q.get('fields')!.split(',').sort()).toEqual(['id', 'started_at', ...PROGRAM_FIELDS].sort())
    const p1 = r.programs.find((p) => p.id === 1)!
    expect(p1).toEqual({
      id: 1,
      startedAt: expect.stringMatching(/\.000Z$/),
      isRebroadcast: false,
      channel: { id: 1, name: 'Tokyo MX' },
      work: { id: 1, title: 'Starlit Courier', seasonNameText: expect.any(String) },
      episode: { id: 103, number: '3', numberText: '第3話', title: 'Signed, Sealed, Stardust' }
    })
    expect(r.programs.find((p) => p.id === 11)?.episode).toBeNull()
  })

  it('stops after ceil(N/50) pages although next_page is never null on an empty page', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    t.emu.seedPrograms(120, { spacingMinutes: 5 })
    const r = await pollOnce({ media: t.client, now: t.clock.now(), settings })
    if (!r.ok) throw r.error
    const n = r.programs.length
    expect(n).toBeGreaterThan(120)
    expect(r.pages).toBe(Math.ceil(n / 50))
    expect(t.emu.requests).toHaveLength(Math.ceil(n / 50))
    t.emu.requests.length = 0
    expect((await walkIds(t.client, t.clock.now() - HOUR, t.clock.now() + 48 * HOUR)).length).toBe(n)
  })

  it('keeps programs exactly at both edges of the window and nothing outside it', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    const now = t.clock.now()
    t.emu.seedPrograms(1, { startFrom: now - HOUR })
    t.emu.seedPrograms(1, { startFrom: now + 48 * HOUR })
    t.emu.seedPrograms(1, { startFrom: now + 48 * HOUR + 1 })
    t.emu.seedPrograms(1, { startFrom: now - HOUR - 1 })
    const r = await pollOnce({ media: t.client, now, settings })
    if (!r.ok) throw r.error
    const bench = r.programs.filter((p) => p.id > 100_000).map((p) => p.id)
    expect(bench).toEqual([100_001, 100_002])
  })

  it('under the rate limit, an unpaced burst meets 429s, backs off and still gets every page', async () => {
    const t = await emulated(
      { quirks, rateLimit: true },
      { pacing: { limit: 20, windowMs: 1000 }, retry: { random: () => 0.9, maxAttempts: 6 } }
    )
    emu = t.emu
    t.emu.seedPrograms(300, { spacingMinutes: 5 })
    const r = await pollOnce({ media: t.client, now: t.clock.now(), settings })
    if (!r.ok) throw r.error
    expect(r.programs.length).toBeGreaterThanOrEqual(300)
    expect(t.emu.requests.some((r) => r.status === 429)).toBe(true)
  })

  it('paced by default, the same walk never sees a 429', async () => {
    const t = await emulated({ quirks, rateLimit: true })
    emu = t.emu
    t.emu.seedPrograms(300, { spacingMinutes: 5 })
    const r = await pollOnce({ media: t.client, now: t.clock.now(), settings })
    expect(r.ok).toBe(true)
    expect(t.emu.requests.every((r) => r.status === 200)).toBe(true)
  })

  it('a program without a work title or channel is skipped, not a crash', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    t.emu.faults.inject({ path: '/v1/me/programs', kind: 'missing-fields', fields: ['title'], times: 1 })
    const r = await pollOnce({ media: t.client, now: t.clock.now(), settings })
    if (!r.ok) throw r.error
    expect(r.programs).toEqual([])
    expect(r.skipped.length).toBeGreaterThan(0)
  })

  it('service failures come back as a value', async () => {
    const t = await emulated({ quirks })
    emu = t.emu
    const client = createMediaClient({
      baseUrl: t.emu.baseUrl,
      token: () => 'revoked',
      clock: t.clock,
      sleep: async (ms) => t.clock.advance(ms)
    })
    const r = await pollOnce({ media: client, now: t.clock.now(), settings })
    expect(r).toMatchObject({ ok: false, error: { kind: 'auth', status: 401 } })
  })
})

describe.each(MODES)('poller ($name mode)', ({ quirks }) => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('polls on start, caches with fetchedAt, and polls again on each (jittered) cron tick', async () => {
    const t = await emulatedPoller({ quirks })
    emu = t.emu
    const status = await t.poller.start()
    expect(status).toMatchObject({ state: 'ok', lastSuccessAt: t.clock.now(), retryAt: null })
    expect(t.cache.read().fetchedAt).toBe(new Date(t.clock.now()).toISOString())
    expect(t.cache.read().programs.length).toBeGreaterThan(3)
    expect(t.cron.expressions).toEqual(['*/10 * * * *'])
    expect(t.programRequests()).toHaveLength(1)

    t.cron.tick()
    t.cron.tick() // a second tick inside the jitter is the same poll
    const next = t.nextChange()
    t.clock.advance(2500) // random 0.5 × 5 s of jitter
    await next
    expect(t.programRequests()).toHaveLength(2)
    t.poller.stop()
    expect(t.cron.active()).toBe(0)
  })

  it('a disk that refuses the saved schedule: an error naming the file, the saved one kept, and the next poll works', async () => {
    let diskFull = false
    const saved = memoryStore<ScheduleCache>({ fetchedAt: null, programs: [] })
    const cache: DocumentStore<ScheduleCache> = {
      ...saved,
      write(doc) {
        if (diskFull) throw Object.assign(new Error('no space'), { code: 'ENOSPC', path: '/d/schedule.json' })
        saved.write(doc)
      }
    }
    const t = await emulatedPoller({ quirks }, { cache })
    emu = t.emu
    await t.poller.start()
    const before = saved.read()
    diskFull = true
    const failed = await t.poller.refresh()
    expect(failed.state).toBe('error')
    expect(failed.error?.en).toContain('The disk is full: /d/schedule.json could not be saved')
    expect(failed.error?.ja).toContain('/d/schedule.json')
    expect(saved.read()).toBe(before)
    diskFull = false
    t.clock.advance(60_000)
    const back = await t.poller.refresh()
    expect(back.state).toBe('ok')
    expect(saved.read().fetchedAt).toBe(new Date(t.clock.now()).toISOString())
  })

  it('never runs two polls at once: concurrent triggers join the running one', async () => {
    const t = await emulatedPoller({ quirks })
    emu = t.emu
    await t.poller.start()
    const before = t.programRequests().length
    const [a, b, c] = [t.poller.refresh(), t.poller.resume(), t.poller.networkBack()]
    expect(a).toBe(b)
    expect(b).toBe(c)
    await a
    expect(t.programRequests().length - before).toBe(1)
  })

  it('500 then 503: error state, the cache kept, a backoff retry on the clock succeeds', async () => {
    const t = await emulatedPoller({ quirks })
    emu = t.emu
    await t.poller.start()
    const saved = t.cache.read()
    // Four of each outlast the media client's own quick GET retries.
    t.emu.faults.inject({ path: '/v1/me/programs', kind: 'status', status: 500, times: 4 })
    const failed = await t.poller.refresh()
    const firstDelay = failed.retryAt! - t.clock.now()
    expect(failed.state).toBe('error')
    expect(failed.error?.en).toContain('having trouble (500)')
    expect(failed.retryAt).not.toBeNull()
    expect(t.cache.read()).toBe(saved)

    t.emu.faults.inject({ path: '/v1/me/programs', kind: 'status', status: 503, times: 4 })
    let next = t.nextChange()
    t.clock.advanceTo(failed.retryAt!)
    const second = await next
    expect(second).toMatchObject({ state: 'error', error: { en: expect.stringContaining('(503)') } })
    // Backoff grows: the second retry waits longer than the first.
    expect(firstDelay).toBeGreaterThanOrEqual(15_000)
    expect(second.retryAt! - t.clock.now()).toBeGreaterThan(firstDelay)

    next = t.nextChange()
    t.clock.advanceTo(second.retryAt!)
    expect(await next).toMatchObject({ state: 'ok', retryAt: null })
    expect(t.cache.read().fetchedAt).not.toBe(saved.fetchedAt)
  })

  it('retries are bounded: after maxRetries it waits for the cron', async () => {
    const t = await emulatedPoller({ quirks })
    emu = t.emu
    t.emu.faults.inject({ path: '/v1/me/programs', kind: 'status', status: 503 })
    let status = await t.poller.start()
    for (let i = 0; i < BACKOFF.maxRetries; i++) {
      expect(status.retryAt).not.toBeNull()
      const next = t.nextChange()
      t.clock.advanceTo(status.retryAt!)
      status = await next
    }
    expect(status.retryAt).toBeNull()
    expect(t.clock.pending()).toBe(0)
  })

  it('offline (connection refused) keeps the cache; networkBack polls at once', async () => {
    const t = await emulatedPoller({ quirks })
    emu = t.emu
    await t.poller.start()
    const saved = t.cache.read()
    await t.emu.suspend()
    const off = await t.poller.refresh()
    expect(off.state).toBe('offline')
    expect(off.error?.en).toContain('offline')
    expect(t.cache.read()).toBe(saved)
    await t.emu.resume()
    expect((await t.poller.networkBack()).state).toBe('ok')
  })

  it('401: signed out once, the cache kept, and no more requests until signed in again', async () => {
    const t = await emulatedPoller({ quirks })
    emu = t.emu
    await t.poller.start()
    const saved = t.cache.read()
    t.session.token = 'revoked-token'
    const out = await t.poller.refresh()
    expect(out.state).toBe('signed-out')
    expect(out.error?.en).toContain('Sign in again')
    expect(t.monitor.state()).toBe('signed-out')
    expect(t.cache.read()).toBe(saved)
    const sent = t.programRequests().length
    await t.poller.refresh()
    t.cron.tick()
    t.clock.advance(10_000)
    await t.poller.resume()
    expect(t.programRequests()).toHaveLength(sent)

    t.session.token = t.emu.tokens.readWrite
    t.monitor.markSignedIn()
    expect((await t.poller.refresh()).state).toBe('ok')
  })

  it('malformed JSON is an error with a message, the cache kept, and retried on the same backoff as a 5xx', async () => {
    const t = await emulatedPoller({ quirks })
    emu = t.emu
    await t.poller.start()
    const saved = t.cache.read()
    t.emu.faults.inject({ path: '/v1/me/programs', kind: 'malformed-json', times: 1 })
    const s = await t.poller.refresh()
    expect(s).toMatchObject({
      state: 'error',
      error: { en: expect.stringContaining('cannot read'), ja: expect.any(String) }
    })
    expect(t.cache.read()).toBe(saved)
    // Same backoff as a 5xx (base 30 s, half fixed, half random): not at the next cron tick.
    expect(s.retryAt! - t.clock.now()).toBeGreaterThanOrEqual(15_000)
    expect(s.retryAt! - t.clock.now()).toBeLessThanOrEqual(30_000)
    const next = t.nextChange()
    t.clock.advanceTo(s.retryAt!)
    expect(await next).toMatchObject({ state: 'ok', retryAt: null })
    expect(t.cron.active()).toBe(1)
  })

  it('an invalid cron expression in the settings falls back to the default; a valid change reschedules', async () => {
    const t = await emulatedPoller({ quirks })
    emu = t.emu
    t.setSettings({ ...defaultSettings(), poll: { ...defaultSettings().poll, cron: '61 * * * *' } })
    await t.poller.start()
    expect(t.cron.expressions).toEqual(['*/10 * * * *'])
    t.setSettings({ ...defaultSettings(), poll: { ...defaultSettings().poll, cron: '*/15 * * * *' } })
    t.poller.reschedule()
    expect(t.cron.expressions).toEqual(['*/10 * * * *', '*/15 * * * *'])
    expect(t.cron.active()).toBe(1)
  })
})
