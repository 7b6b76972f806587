import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { call, manualNow, slashTime } from './helpers'

const START = Date.UTC(2026, 10, 22, 12, 0, 0)
type P = {
  id: number
  started_at: string
  is_rebroadcast: boolean
  episode: { id: number; number: unknown } | null
  work: { id: number }
}

describe.each([false, true])('GET /v1/me/programs (quirks=%s)', (quirks) => {
  const clock = manualNow(START)
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ quirks, now: clock.now, soonSeconds: 90, rateLimit: false })
  })
  afterAll(() => emu.close())
  const ids = async (query: string, token?: string): Promise<number[]> => {
    const r = await call(emu, `/v1/me/programs?per_page=50&${query}`, { token })
    expect(r.status, r.text).toBe(200)
    return r.json.programs.map((p: P) => p.id)
  }

  it('only programs of wanna_watch / watching works, started_at with milliseconds', async () => {
    const r = await call(emu, '/v1/me/programs?per_page=50')
    const workIds = new Set(r.json.programs.map((p: P) => p.work.id))
    expect([...workIds].sort()).toEqual([1, 2, 3, 8])
    for (const p of r.json.programs as P[]) expect(p.started_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(r.json.programs.some((p: P) => p.episode === null)).toBe(true)
    expect(r.json.programs.some((p: P) => p.is_rebroadcast)).toBe(true)
  })

  it('seeds a late-night slot (01:30 JST), a program started in the last hour, and the soon program', async () => {
    const rows = emu.media.programs
    expect(
      rows.some((p) => new Date(p.startedAt).getUTCHours() === 16 && new Date(p.startedAt).getUTCMinutes() === 30)
    ).toBe(true)
    expect(rows.some((p) => p.startedAt < START && p.startedAt > START - 3_600_000)).toBe(true)
    expect(rows.find((p) => p.id === SOON_PROGRAM_ID)?.startedAt).toBe(START + 90_000)
  })

  it('default order: documented by start time, quirks not', async () => {
    const r = await call(emu, '/v1/me/programs?per_page=50')
    const times = r.json.programs.map((p: P) => Date.parse(p.started_at))
    const sorted = [...times].sort((a, b) => a - b)
    if (quirks) expect(times).not.toEqual(sorted)
    else expect(times).toEqual(sorted)
  })

  it('sort_started_at and sort_id', async () => {
    const asc = await call(emu, '/v1/me/programs?per_page=50&sort_started_at=asc')
    const times = asc.json.programs.map((p: P) => Date.parse(p.started_at))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    const byId = await ids('sort_id=desc')
    expect(byId).toEqual([...byId].sort((a, b) => b - a))
  })

  it('started_at bounds: documented inclusive, quirks strict (read as UTC)', async () => {
    // Program 9 starts exactly at 14:00 UTC.
    const at = Date.UTC(2026, 10, 22, 14, 0)
    expect(emu.media.programs.find((p) => p.id === 9)?.startedAt).toBe(at)
    const got = await ids(
      `filter_started_at_gt=${encodeURIComponent(slashTime(at))}&filter_started_at_lt=${encodeURIComponent(slashTime(at))}`
    )
    expect(got).toEqual(quirks ? [] : [9])
    const wide = await ids(
      `filter_started_at_gt=${encodeURIComponent(slashTime(at - 60_000))}&filter_started_at_lt=${encodeURIComponent(slashTime(at + 60_000))}`
    )
    expect(wide).toEqual([9])
  })

  it('bad date format, booleans and sort values are 400', async () => {
    for (const q of [
      'filter_started_at_gt=2026-11-22T14:00',
      'filter_started_at_lt=2026/13/01%2000:00',
      'filter_unwatched=1',
      'filter_rebroadcast=yes',
      'sort_started_at=ascending',
      'filter_ids=1,x'
    ]) {
      const r = await call(emu, `/v1/me/programs?${q}`)
      expect(r.status, q).toBe(400)
      expect(r.json.errors[0].type).toBe('invalid_params')
    }
  })

  it('filter_unwatched hides recorded episodes, per user, and follows records', async () => {
    const before = await ids('filter_unwatched=true')
    expect(before).not.toContain(2) // episode 102 recorded by the main user
    expect(before).not.toContain(8)
    expect(before).toContain(1) // recorded by the other user only
    expect(before).toContain(11) // no episode: nothing to have watched
    expect(await ids('filter_unwatched=false')).toContain(2)

    const rec = await call(emu, '/v1/me/records', { method: 'POST', form: { episode_id: '103' } })
    expect(rec.status).toBe(quirks ? 200 : 201)
    const after = await ids('filter_unwatched=true')
    expect(after).not.toContain(1)
    expect(after).not.toContain(4) // rebroadcast of the same episode

    expect((await call(emu, `/v1/me/records/${rec.json.id}`, { method: 'DELETE' })).status).toBe(204)
    expect(await ids('filter_unwatched=true')).toContain(1)
  })

  it('filters by ids, channel, work, rebroadcast', async () => {
    expect(await ids('filter_ids=1,5,13')).toEqual(expect.arrayContaining([1, 5]))
    expect(await ids('filter_ids=13')).toEqual([]) // work 9 has no status
    const ch = await call(emu, '/v1/me/programs?per_page=50&filter_channel_ids=2')
    expect(ch.json.programs.every((p: { channel: { id: number } }) => p.channel.id === 2)).toBe(true)
    expect(await ids('filter_work_ids=3&sort_id=asc')).toEqual([9, 10])
    const re = await call(emu, '/v1/me/programs?per_page=50&filter_rebroadcast=true')
    expect(re.json.programs.length).toBeGreaterThan(0)
    expect(re.json.programs.every((p: P) => p.is_rebroadcast)).toBe(true)
  })

  it('changing a status changes which programs come back', async () => {
    expect(await ids('filter_work_ids=9')).toEqual([])
    expect(
      (await call(emu, '/v1/me/statuses', { method: 'POST', form: { work_id: '9', kind: 'wanna_watch' } })).status
    ).toBe(204)
    expect(await ids('filter_work_ids=9')).toEqual([13])
    await call(emu, '/v1/me/statuses', { method: 'POST', form: { work_id: '9', kind: 'no_select' } })
    expect(await ids('filter_work_ids=9')).toEqual([])
  })

  it('episode number: documented numeric string, quirks number; fields filtering', async () => {
    const r = await call(emu, '/v1/me/programs?filter_ids=7&fields=id,episode.number,work.title')
    const p = r.json.programs[0]
    expect(p.episode.number).toBe(quirks ? 7.5 : '7.5')
    // Wrapper objects stay, possibly empty; unlisted scalars (is_rebroadcast, work.id) are gone.
    expect(p).toEqual({
      id: 7,
      channel: {},
      work: { title: 'Midnight Bakery Club' },
      episode: { number: quirks ? 7.5 : '7.5' }
    })
  })

  it('a null episode stays null under fields; number_text may be null in quirks', async () => {
    const r = await call(
      emu,
      '/v1/me/programs?filter_ids=11,17&sort_id=asc&fields=id,episode.number,episode.number_text'
    )
    expect(r.json.programs).toEqual([
      { id: 11, channel: {}, work: {}, episode: null },
      { id: 17, channel: {}, work: {}, episode: { number: null, number_text: quirks ? null : '' } }
    ])
  })

  it('the other user sees their own programs', async () => {
    expect(await ids('sort_id=asc', emu.tokens.otherUser)).toEqual([13])
  })
})
