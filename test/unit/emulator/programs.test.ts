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

  it('started_at bounds in ISO 8601: 400 in documented mode, read by the live parser in quirks mode', async () => {
    // Program 9 starts at 14:00 UTC = 23:00 in Japan; the bounds below are one second around it.
    const window = [
      ['2026-11-22T13:59:59Z', '2026-11-22T14:00:01Z'],
      ['2026-11-22T22:59:59+09:00', '2026-11-22T23:00:01+09:00'],
      ['2026-11-22T13:59:59.500Z', '2026-11-22 14:00:01']
    ]
    for (const [gt, lt] of window) {
      const r = await call(
        emu,
        `/v1/me/programs?filter_started_at_gt=${encodeURIComponent(gt as string)}&filter_started_at_lt=${encodeURIComponent(lt as string)}`
      )
      expect(r.status, gt).toBe(quirks ? 200 : 400)
      if (quirks) expect(r.json.programs.map((p: P) => p.id)).toEqual([9])
      else expect(r.json.errors[0]).toMatchObject({ type: 'invalid_params', url: expect.any(String) })
    }
    // Strict in quirks mode to the second: a bound exactly at the start excludes it.
    if (quirks) expect(await ids(`filter_started_at_gt=${encodeURIComponent('2026-11-22T14:00:00Z')}`)).not.toContain(9)
    // Dates that do not exist stay a 400 in both modes.
    for (const bad of ['2026-02-30T00:00Z', '2026-11-22T24:30Z', '2026-11-22T10:00+25:00', 'tomorrow'])
      expect((await call(emu, `/v1/me/programs?filter_started_at_gt=${encodeURIComponent(bad)}`)).status, bad).toBe(400)
  })

  it('bad date format, booleans and sort values are 400', async () => {
    for (const q of [
      'filter_started_at_gt=2026-11-22X14:00',
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
    // Unlisted scalars (is_rebroadcast, work.id) are gone; an unlisted wrapper stays as {} in quirks only.
    expect(p).toEqual({
      id: 7,
      ...(quirks ? { channel: {} } : {}),
      work: { title: 'Midnight Bakery Club' },
      episode: { number: quirks ? 7.5 : '7.5' }
    })
  })

  it('fields=id,started_at: quirks keeps channel/work/episode as {}, documented drops them', async () => {
    const r = await call(emu, '/v1/me/programs?filter_ids=7&fields=id,started_at')
    expect(r.json.programs).toEqual([
      {
        id: 7,
        started_at: expect.any(String),
        ...(quirks ? { channel: {}, work: {}, episode: {} } : {})
      }
    ])
  })

  it('a null episode stays null under fields; number_text may be null in quirks', async () => {
    const r = await call(
      emu,
      '/v1/me/programs?filter_ids=11,17&sort_id=asc&fields=id,episode.number,episode.number_text'
    )
    const wrappers = quirks ? { channel: {}, work: {} } : {}
    expect(r.json.programs).toEqual([
      { id: 11, ...wrappers, episode: null },
      { id: 17, ...wrappers, episode: { number: null, number_text: quirks ? null : '' } }
    ])
  })

  it('a repeated filter: documented takes the first value, quirks the last', async () => {
    expect(await ids('filter_ids=1&filter_ids=3')).toEqual(quirks ? [3] : [1])
  })

  it('the other user sees their own programs', async () => {
    expect(await ids('sort_id=asc', emu.tokens.otherUser)).toEqual([13])
  })
})
