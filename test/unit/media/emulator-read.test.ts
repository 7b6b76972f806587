import { afterEach, describe, expect, it } from 'vitest'
import { collectPages } from '../../../src/main/core/media/paginate'
import { byStartedAt } from '../../../src/main/core/media/programs'
import { BENCH_WORK_ID, USER_ID, type Emulator } from '../../emulator'
import { emulated, MODES, TRANSPORTS } from './emulated'

const HOUR = 3_600_000

/** What the service should return, worked out from the emulator's own tables. */
function expectedUnwatched(emu: Emulator, from: number, to: number): number[] {
  const s = emu.media
  return s.programs
    .filter((p) => ['wanna_watch', 'watching'].includes(s.statusOf(USER_ID, p.workId) ?? ''))
    .filter((p) => p.episodeId === null || !s.hasRecorded(USER_ID, p.episodeId))
    .filter((p) => p.startedAt >= from && p.startedAt <= to)
    .sort((a, b) => a.startedAt - b.startedAt || a.id - b.id)
    .map((p) => p.id)
}

describe.each(MODES.flatMap((mode) => TRANSPORTS.map((t) => ({ ...mode, ...t }))))(
  'reading from the emulator ($name mode, $transport)',
  ({ quirks, fetch }) => {
    let emu: Emulator | undefined
    afterEach(async () => {
      await emu?.close()
    })

    it('lists unwatched programs in a started_at window, all pages, in start order', async () => {
      const t = await emulated({ quirks }, { fetch })
      emu = t.emu
      const now = t.clock.now()
      const window = { startedFrom: now - HOUR, startedTo: now + 48 * HOUR }
      const all = await collectPages(t.client.allPrograms({ unwatched: true, ...window, perPage: 2 }), byStartedAt)
      const expected = expectedUnwatched(t.emu, now - HOUR, now + 48 * HOUR)
      expect(expected.length).toBeGreaterThan(4)
      expect(all.items.map((p) => p.id)).toEqual(expected)
      expect(all.complete).toBe(true)
      // Programs whose episode the user recorded (2, 8) stay hidden; a program without episode is kept.
      expect(all.items.map((p) => p.id)).not.toContain(2)
      expect(all.items.find((p) => p.id === 11)?.episode ?? null).toBeNull()
      const sent = t.emu.requests.filter((r) => r.path === '/v1/me/programs')
      expect(sent.length).toBe(all.pages)
      const q = new URLSearchParams(sent[0]?.query)
      expect(q.get('filter_unwatched')).toBe('true')
      expect(q.get('sort_started_at')).toBe('asc')
      expect(q.get('filter_started_at_gt')).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/)
    })

    it('includes a program starting exactly at either edge of the window, although the live comparison is strict', async () => {
      const t = await emulated({ quirks }, { fetch })
      emu = t.emu
      const p9 = t.emu.media.programs.find((p) => p.id === 9)!
      const page = await t.client.listPrograms({ startedFrom: p9.startedAt, startedTo: p9.startedAt })
      expect(page.items.map((p) => p.id)).toEqual([9])
    })

    it('walks 8 programs at 2 per page in exactly 4 requests', async () => {
      const t = await emulated({ quirks }, { fetch })
      emu = t.emu
      t.emu.seedPrograms(8)
      const pages = []
      for await (const p of t.client.allPrograms({ workIds: [BENCH_WORK_ID], perPage: 2 }, { maxPages: 10 }))
        pages.push(p)
      expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2, 2])
      expect(t.emu.requests.filter((r) => r.path === '/v1/me/programs')).toHaveLength(4)
      const last = pages[3]!
      expect(last.prevPage).toBe(3)
      if (!quirks) expect(last.nextPage).toBeNull()
      // Past the end the live service still offers a next page; the client never goes there.
      const past = await t.client.listPrograms({ workIds: [BENCH_WORK_ID], perPage: 2, page: 5 })
      expect(past.items).toEqual([])
      if (quirks) expect(past.nextPage).toBe(6)
    })

    it('lists the user works with fields, and filters by status', async () => {
      const t = await emulated({ quirks }, { fetch })
      emu = t.emu
      const all = await t.client.listWorks({ perPage: 50, fields: ['title', 'status.kind'] })
      const own = t.emu.media.statuses.filter((s) => s.userId === USER_ID).map((s) => s.workId)
      expect(all.items.map((w) => w.id).sort((a, b) => a - b)).toEqual(own.sort((a, b) => a - b))
      expect(all.items.every((w) => w.title && w.media === undefined)).toBe(true)
      expect(all.items.find((w) => w.id === 7)?.status?.kind).toBe('no_select')
      const watching = await t.client.listWorks({ status: 'watching' })
      expect(watching.items.every((w) => w.status?.kind === 'watching')).toBe(true)
      expect(watching.items.length).toBeGreaterThan(0)
      const unknownSeason = watching.items.find((w) => w.id === 8)
      expect(unknownSeason?.season_name ?? '').toBe('')
    })

    it('reads the live and documented episode numbers alike', async () => {
      const t = await emulated({ quirks }, { fetch })
      emu = t.emu
      const page = await t.client.listPrograms({ ids: [7, 17], perPage: 50 })
      const byId = new Map(page.items.map((p) => [p.id, p]))
      expect(byId.get(7)?.episode?.number).toBe('7.5')
      expect(byId.get(17)?.episode?.number).toBeNull()
    })

    it('maps 401 to auth, with the reason from the header or the body', async () => {
      const t = await emulated({ quirks }, { fetch })
      emu = t.emu
      t.session.token = 'revoked-or-unknown'
      const e = await t.client.listPrograms().catch((x: unknown) => x)
      expect(e).toMatchObject({ kind: 'auth', status: 401 })
      if (quirks) expect((e as { detail: string }).detail).toContain('invalid_token')
      else expect((e as { serviceMessages: string[] }).serviceMessages.length).toBeGreaterThan(0)
    })

    it('maps a 400 to invalid_params with the service message', async () => {
      const t = await emulated({ quirks }, { fetch })
      emu = t.emu
      const e = await t.client.listWorks({ season: '2024-fall' }).catch((x: unknown) => x)
      expect(e).toMatchObject({ kind: 'invalid_params', status: 400 })
      expect((e as { serviceMessages: string[] }).serviceMessages[0]).toContain('filter_season')
    })

    it('stays under the rate limit while walking many pages', async () => {
      const t = await emulated({ quirks, rateLimit: true }, { fetch })
      emu = t.emu
      t.emu.seedPrograms(60)
      const all = await collectPages(t.client.allPrograms({ workIds: [BENCH_WORK_ID], perPage: 2 }, { maxPages: 40 }))
      expect(all.items).toHaveLength(60)
      expect(t.emu.requests.filter((r) => r.status === 429)).toEqual([])
      expect(t.emu.requests).toHaveLength(30)
    })

    it('without pacing, recovers from 429 by backing off', async () => {
      const t = await emulated({ quirks, rateLimit: true }, { fetch, pacing: { limit: 1000 } })
      emu = t.emu
      const calls = Array.from({ length: 6 }, () => t.client.listWorks())
      const pages = await Promise.all(calls)
      expect(pages.every((p) => p.items.length > 0)).toBe(true)
      expect(t.emu.requests.some((r) => r.status === 429)).toBe(true)
    })
  }
)
