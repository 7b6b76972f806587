import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { call, manualNow } from './helpers'

// 2026-11-22 is in the autumn season; works 1, 2, 3, 6 are seeded in it.
const START = Date.UTC(2026, 10, 22, 12, 0, 0)
type W = { id: number; title: string; season_name?: string; watchers_count: number; status: { kind: string } }

describe.each([false, true])('GET /v1/me/works (quirks=%s)', (quirks) => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ quirks, now: manualNow(START).now, rateLimit: false })
  })
  afterAll(() => emu.close())
  const works = async (query: string): Promise<W[]> => {
    const r = await call(emu, `/v1/me/works?per_page=50&${query}`)
    expect(r.status, r.text).toBe(200)
    return r.json.works
  }

  it('lists every work with a status, all six kinds, no_select included', async () => {
    const list = await works('')
    expect(list.map((w) => w.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(new Set(list.map((w) => w.status.kind))).toEqual(
      new Set(['wanna_watch', 'watching', 'watched', 'on_hold', 'stop_watching', 'no_select'])
    )
  })

  it('filter_status takes five kinds; no_select and junk are 400', async () => {
    expect((await works('filter_status=watching')).map((w) => w.id)).toEqual([1, 2, 8])
    for (const v of ['no_select', 'WATCHING', 'done'])
      expect((await call(emu, `/v1/me/works?filter_status=${v}`)).status).toBe(400)
  })

  it('filter_season: <year>-<season> and <year>-all; bad form is 400', async () => {
    expect((await works('filter_season=2026-autumn')).map((w) => w.id)).toEqual([1, 2, 3, 6])
    expect((await works('filter_season=2026-all')).map((w) => w.id)).toEqual([1, 2, 3, 5, 6])
    expect((await works('filter_season=2025-autumn')).map((w) => w.id)).toEqual([4])
    for (const v of ['2026-fall', '26-spring', 'autumn'])
      expect((await call(emu, `/v1/me/works?filter_season=${v}`)).status).toBe(400)
  })

  it('filter_title is a case-insensitive substring; filter_ids', async () => {
    expect((await works('filter_title=BAKERY')).map((w) => w.id)).toEqual([2])
    expect((await works('filter_ids=3,4,9')).map((w) => w.id)).toEqual([3, 4])
  })

  it('filter_title: documented matches the title only, quirks also the kana reading', async () => {
    // Work 2's reading is みっどないとべーかりーくらぶ; its title has no kana at all.
    expect((await works(`filter_title=${encodeURIComponent('べーかりー')}`)).map((w) => w.id)).toEqual(
      quirks ? [2] : []
    )
    expect((await works('filter_title=Bakery')).map((w) => w.id)).toEqual([2])
  })

  it('a repeated parameter: documented takes the first value, quirks the last (as Rails)', async () => {
    expect((await works('filter_ids=1&filter_ids=3')).map((w) => w.id)).toEqual(quirks ? [3] : [1])
    // The last value decides validity too: a bad first value is harmless in quirks mode only.
    expect((await call(emu, '/v1/me/works?sort_id=up&sort_id=desc')).status).toBe(quirks ? 200 : 400)
  })

  it('sorts, and rejects values other than asc/desc', async () => {
    const byWatchers = await works('sort_watchers_count=desc')
    expect(byWatchers.map((w) => w.watchers_count)).toEqual(
      [...byWatchers.map((w) => w.watchers_count)].sort((a, b) => b - a)
    )
    expect((await works('sort_id=desc')).map((w) => w.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1])
    const bySeason = (await works('sort_season=asc')).map((w) => w.id)
    expect(bySeason.slice(0, 2)).toEqual([4, 5])
    expect(bySeason.slice(-2)).toEqual([7, 8]) // no season: last
    for (const q of ['sort_id=DESC', 'sort_season=up', 'sort_watchers_count=1']) {
      const r = await call(emu, `/v1/me/works?${q}`)
      expect(r.status).toBe(400)
      // The live service leaves developer_message (and url) out of some validation errors.
      if (quirks) expect(r.json.errors[0]).toEqual({ type: 'invalid_params', message: expect.any(String) })
      else
        expect(r.json.errors[0]).toEqual({
          type: 'invalid_params',
          message: expect.any(String),
          developer_message: expect.any(String),
          url: expect.any(String)
        })
    }
  })

  it('season fields: documented always present, quirks omitted when unknown', async () => {
    const [w7] = await works('filter_ids=7')
    if (quirks) {
      expect(w7).not.toHaveProperty('season_name')
      expect(w7).not.toHaveProperty('season_name_text')
    } else expect(w7).toMatchObject({ season_name: '', season_name_text: '' })
    const [w1] = await works('filter_ids=1')
    expect(w1).toMatchObject({ season_name: '2026-autumn', season_name_text: '2026年秋', media: 'tv' })
  })

  it('media values cover tv, ova, movie, web, other', async () => {
    const media = new Set((await works('')).map((w) => (w as unknown as { media: string }).media))
    expect(media).toEqual(new Set(['tv', 'ova', 'movie', 'web', 'other']))
  })

  it('fields keeps full dotted names; the status wrapper stays only in quirks mode', async () => {
    const r = await call(emu, '/v1/me/works?filter_ids=1&fields=title,status.kind')
    expect(r.json.works).toEqual([{ title: 'Starlit Courier', status: { kind: 'watching' } }])
    const only = await call(emu, '/v1/me/works?filter_ids=1&fields=id,title')
    expect(only.json.works).toEqual([
      quirks ? { id: 1, title: 'Starlit Courier', status: {} } : { id: 1, title: 'Starlit Courier' }
    ])
    // Documented: naming a wrapper keeps it whole, as the body is "limited to the listed fields".
    const whole = await call(emu, '/v1/me/works?filter_ids=1&fields=status')
    expect(whole.json.works).toEqual([{ status: quirks ? {} : { kind: 'watching' } }])
  })

  it('POST /v1/me/statuses: 204 even when unchanged; no_select keeps the work listed; errors', async () => {
    const post = (form: Record<string, string>) => call(emu, '/v1/me/statuses', { method: 'POST', form })
    const ok = await post({ work_id: '1', kind: 'watching' })
    expect(ok.status).toBe(204)
    expect(ok.text).toBe('')
    expect((await post({ work_id: '10', kind: 'no_select' })).status).toBe(204)
    expect((await works('filter_ids=10'))[0]?.status.kind).toBe('no_select')
    expect((await post({ work_id: '1', kind: 'finished' })).status).toBe(400)
    expect((await post({ work_id: '1' })).status).toBe(400)
    expect((await post({ kind: 'watching' })).status).toBe(400)
    expect((await post({ work_id: '9999', kind: 'watching' })).status).toBe(404)
    // Query-string parameters work too, as in the spec's examples.
    expect((await call(emu, '/v1/me/statuses?work_id=10&kind=watched', { method: 'POST' })).status).toBe(204)
    expect(emu.media.statuses.find((s) => s.userId === 1 && s.workId === 10)?.kind).toBe('watched')
  })
})
