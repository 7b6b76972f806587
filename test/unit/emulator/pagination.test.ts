import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { call } from './helpers'

// The main user holds a status on exactly 8 works: the spec's "8 items at 2 per page" example.
describe.each([false, true])('pagination (quirks=%s)', (quirks) => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ quirks, rateLimit: false })
  })
  afterAll(() => emu.close())

  it('8 items at 2 per page: page 4 has next_page null and prev_page 3', async () => {
    const r = await call(emu, '/v1/me/works?per_page=2&page=4')
    expect(r.status).toBe(200)
    expect(r.json.total_count).toBe(8)
    expect(r.json.works).toHaveLength(2)
    expect(r.json.next_page).toBeNull()
    expect(r.json.prev_page).toBe(3)
  })

  it('page 1 has prev_page null and next_page 2', async () => {
    const r = await call(emu, '/v1/me/works?per_page=2')
    expect(r.json.prev_page).toBeNull()
    expect(r.json.next_page).toBe(2)
  })

  it('default per_page is 25', async () => {
    emu.seedPrograms(30)
    const r = await call(emu, '/v1/me/programs')
    expect(r.json.programs).toHaveLength(25)
    expect(r.json.total_count).toBeGreaterThan(30)
  })

  it('per_page below 1 is invalid_params with a Japanese message', async () => {
    const r = await call(emu, '/v1/me/works?per_page=0')
    expect(r.status).toBe(400)
    const e = r.json.errors[0]
    expect(e.type).toBe('invalid_params')
    expect(e.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
    if (quirks) expect(e.url).toBeUndefined()
    else expect(e).toMatchObject({ developer_message: expect.any(String), url: expect.any(String) })
  })

  it('page below 1 and non-integer values are 400', async () => {
    expect((await call(emu, '/v1/me/works?page=0')).status).toBe(400)
    expect((await call(emu, '/v1/me/works?per_page=abc')).status).toBe(400)
  })

  it('past the end: documented next_page null, quirks page+1', async () => {
    const r = await call(emu, '/v1/me/works?per_page=2&page=7')
    expect(r.status).toBe(200)
    expect(r.json.works).toEqual([])
    expect(r.json.next_page).toBe(quirks ? 8 : null)
  })

  it('an empty result: quirks still says next_page 2', async () => {
    const r = await call(emu, '/v1/me/works?filter_title=no-such-title')
    expect(r.json.total_count).toBe(0)
    expect(r.json.next_page).toBe(quirks ? 2 : null)
    expect(r.json.prev_page).toBeNull()
  })

  it('per_page above 50: quirks rejects, documented clamps to 50', async () => {
    emu.seedPrograms(60)
    const r = await call(emu, '/v1/me/programs?per_page=51')
    if (quirks) expect(r.status).toBe(400)
    else {
      expect(r.status).toBe(200)
      expect(r.json.programs).toHaveLength(50)
    }
  })

  it('GET /v1/works pages every work in a works envelope', async () => {
    const r = await call(emu, '/v1/works?per_page=3&page=2')
    expect(r.status).toBe(200)
    expect(r.json.works.map((w: { id: number }) => w.id)).toEqual([4, 5, 6])
    expect(r.json).toMatchObject({ total_count: emu.media.works.length, prev_page: 1, next_page: 3 })
  })
})
