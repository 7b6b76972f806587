import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { collectPages, paginate, type PageResult } from '../../../src/main/core/media/paginate'
import { byStartedAt } from '../../../src/main/core/media/programs'
import { documentedProgram, fakeFetch, json, testClient } from './fixtures'

/** A programs endpoint over `n` items that pages like the live service: next_page is always page+1. */
function liveLikeServer(n: number, opts: { documented?: boolean; totalCount?: number | null } = {}) {
  return fakeFetch((req) => {
    const page = Number(req.url.searchParams.get('page') ?? 1)
    const perPage = Number(req.url.searchParams.get('per_page') ?? 25)
    const ids = Array.from({ length: n }, (_, i) => i + 1).slice((page - 1) * perPage, page * perPage)
    const programs = ids.map((id) => ({
      ...documentedProgram,
      id,
      started_at: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString()
    }))
    const last = page * perPage >= n
    return json({
      programs,
      ...(opts.totalCount === null ? {} : { total_count: opts.totalCount ?? n }),
      next_page: opts.documented && last ? null : page + 1,
      prev_page: page > 1 ? page - 1 : null
    })
  })
}

describe('allPrograms page walk', () => {
  it('stops on an empty first page although next_page says 2', async () => {
    const { fetch, seen } = fakeFetch(() => json({ programs: [], total_count: 0, next_page: 2, prev_page: null }))
    const { client } = testClient(fetch)
    const all = await collectPages(client.allPrograms({ unwatched: true }))
    expect(all).toMatchObject({ items: [], pages: 1, complete: true })
    expect(seen).toHaveLength(1)
  })

  it('stops on an empty page even when total_count lies', async () => {
    const { fetch, seen } = liveLikeServer(3, { totalCount: 1000 })
    const { client } = testClient(fetch)
    const all = await collectPages(client.allPrograms({ perPage: 2 }))
    expect(all.items.map((p) => p.id)).toEqual([1, 2, 3])
    expect(seen).toHaveLength(3)
  })

  it('stops at the page cap and says the list is incomplete', async () => {
    const { fetch, seen } = liveLikeServer(500, { totalCount: null })
    const { client } = testClient(fetch)
    const all = await collectPages(client.allPrograms({ perPage: 2 }, { maxPages: 5 }))
    expect(seen).toHaveLength(5)
    expect(all).toMatchObject({ pages: 5, complete: false })
    expect(all.items).toHaveLength(10)
  })

  it('follows page numbers itself and sends per_page 50 by default', async () => {
    const { fetch, seen } = liveLikeServer(120)
    const { client } = testClient(fetch)
    await collectPages(client.allPrograms())
    expect(seen.map((r) => [r.url.searchParams.get('page'), r.url.searchParams.get('per_page')])).toEqual([
      ['1', '50'],
      ['2', '50'],
      ['3', '50']
    ])
  })

  it('makes exactly ceil(N / per_page) requests (at least one) for any N and per_page, live or documented paging', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 50 }),
        fc.boolean(),
        async (n, perPage, documented) => {
          const { fetch, seen } = liveLikeServer(n, { documented })
          const { client } = testClient(fetch, { pacing: { limit: 1000 } })
          const all = await collectPages(client.allPrograms({ perPage }, { maxPages: 1000 }))
          expect(seen).toHaveLength(Math.max(1, Math.ceil(n / perPage)))
          expect(all.items).toHaveLength(n)
          expect(all.complete).toBe(true)
        }
      ),
      { numRuns: 60 }
    )
  })

  it('stops when the documented next_page is null even before total_count is reached', async () => {
    const { fetch, seen } = fakeFetch(() => json({ programs: [documentedProgram], total_count: 10, next_page: null }))
    const { client } = testClient(fetch)
    await collectPages(client.allPrograms({ perPage: 1 }))
    expect(seen).toHaveLength(1)
  })
})

describe('collectPages', () => {
  const page = (items: { id: number }[], p: number): PageResult<{ id: number }> => ({
    items,
    received: items.length,
    page: p,
    perPage: 2,
    totalCount: 4,
    nextPage: p + 1,
    prevPage: null
  })

  it('keeps each id once when pages shift under it, and sorts when asked', async () => {
    const pages = [page([{ id: 3 }, { id: 1 }], 1), page([{ id: 1 }, { id: 2 }], 2)]
    const all = await collectPages(
      paginate(async (p) => pages[p - 1]!),
      (a, b) => a.id - b.id
    )
    expect(all.items).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
    expect(all.totalCount).toBe(4)
  })

  it('refuses a nonsensical cap', async () => {
    await expect(collectPages(paginate(async () => page([], 1), { maxPages: 0 }))).rejects.toThrow(RangeError)
  })

  it('orders programs by start then id', () => {
    const a = { ...documentedProgram, id: 2, started_at: '2026-01-01T00:00:00.000Z' }
    const b = { ...documentedProgram, id: 1, started_at: '2026-01-01T00:00:00.000Z' }
    const c = { ...documentedProgram, id: 0, started_at: '2026-01-01T01:00:00.000Z' }
    expect([c, a, b].sort(byStartedAt).map((p) => p.id)).toEqual([1, 2, 0])
  })
})
