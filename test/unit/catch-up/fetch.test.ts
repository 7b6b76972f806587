import { afterEach, describe, expect, it } from 'vitest'
import { fetchCatchUp } from '../../../src/main/core/catch-up/fetch'
import { catchUpEpisodes, catchUpGroups } from '../../../src/shared/catch-up-list'
import { emulated, MODES } from '../media/emulated'

const DAY = 24 * 60 * 60_000

describe.each(MODES)('catch-up against the emulator ($name mode)', ({ quirks }) => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })
  const start = async () => {
    const t = await emulated({ quirks, rateLimit: false })
    close = () => t.emu.close()
    const programRequests = () => t.emu.requests.filter((r) => r.path === '/v1/me/programs')
    return { ...t, programRequests }
  }

  it('lists the aired, unrecorded episodes of the window, newest first, one per episode, grouped by work', async () => {
    const t = await start()
    const result = await fetchCatchUp({ media: t.client, now: t.clock.now(), days: 7 })
    if (!result.ok) throw result.error
    const groups = catchUpGroups(catchUpEpisodes(result.programs, new Set()))
    // Starlit Courier's episode aired half an hour ago; the bakery's two a week ago, the one
    // aired twice once (its first airing), the one nine days ago outside the week, and the
    // one recorded already (204) not at all.
    expect(groups.map((g) => [g.work.title, g.episodes.map((p) => p.episode?.id)])).toEqual([
      ['Starlit Courier', [103]],
      ['Midnight Bakery Club', [203, 202]]
    ])
    expect(groups[1]!.episodes[0]!.id).toBe(19)
    // One request: everything fits one page of 50, and nothing after now was asked for.
    const [request] = t.programRequests()
    expect(t.programRequests()).toHaveLength(1)
    const q = new URLSearchParams(request!.query)
    expect(q.get('filter_unwatched')).toBe('true')
    expect(q.get('sort_started_at')).toBe('desc')
    expect(q.get('per_page')).toBe('50')
  })

  it('a longer window reaches further back', async () => {
    const t = await start()
    const result = await fetchCatchUp({ media: t.client, now: t.clock.now(), days: 10 })
    if (!result.ok) throw result.error
    expect(catchUpEpisodes(result.programs, new Set()).map((p) => p.episode?.id)).toEqual([103, 203, 202, 201])
  })

  // Four seeded programs aired unwatched in the week (the bakery's third episode twice).
  it.each([
    { more: 0, requests: 1 },
    { more: 46, requests: 1 },
    { more: 96, requests: 2 },
    { more: 146, requests: 3 }
  ])('4 + $more aired programs take ceil(count / 50) = $requests requests', async ({ more, requests }) => {
    const t = await start()
    if (more > 0) t.emu.seedPrograms(more, { startFrom: t.clock.now() - 6 * DAY, spacingMinutes: 30 })
    const result = await fetchCatchUp({ media: t.client, now: t.clock.now(), days: 7 })
    if (!result.ok) throw result.error
    expect(result.programs).toHaveLength(4 + more)
    expect(t.programRequests()).toHaveLength(requests)
    const starts = result.programs.map((p) => Date.parse(p.startedAt))
    expect(starts).toEqual([...starts].sort((a, b) => b - a))
  })

  it('a record made at the service takes the episode off at the next refresh', async () => {
    const t = await start()
    t.emu.recordElsewhere(203)
    const result = await fetchCatchUp({ media: t.client, now: t.clock.now(), days: 7 })
    if (!result.ok) throw result.error
    expect(catchUpEpisodes(result.programs, new Set()).map((p) => p.episode?.id)).toEqual([103, 202])
  })

  it('a service failure comes back as a value', async () => {
    const t = await start()
    t.emu.faults.inject({ path: '/v1/me/programs', kind: 'malformed-json', times: 5 })
    const result = await fetchCatchUp({ media: t.client, now: t.clock.now(), days: 7 })
    expect(result.ok).toBe(false)
  })
})
