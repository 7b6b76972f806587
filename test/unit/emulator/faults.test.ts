import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { call } from './helpers'

describe('fault injection', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ rateLimit: false })
  })
  afterEach(() => emu.faults.clear())
  afterAll(() => emu.close())

  it('reset-after-commit: the write is committed, the client sees a dropped connection', async () => {
    emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'reset-after-commit', times: 1 })
    const before = emu.media.records.length
    await expect(
      call(emu, '/v1/me/records', { method: 'POST', form: { episode_id: '104', comment: 'lost reply' } })
    ).rejects.toThrow()
    expect(emu.media.records.length).toBe(before + 1)
    expect(emu.media.records.at(-1)).toMatchObject({ episodeId: 104, comment: 'lost reply' })
    // times: 1 — the next request goes through normally.
    expect((await call(emu, '/v1/me/records', { method: 'POST', form: { episode_id: '104' } })).status).toBe(201)
  })

  it('hang-after-commit: the write is committed, says so, and the answer never comes', async () => {
    let committed!: () => void
    const stored = new Promise<void>((resolve) => (committed = resolve))
    emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'hang-after-commit', times: 1, committed })
    const before = emu.media.records.length
    const client = new AbortController()
    const pending = fetch(`${emu.baseUrl}/v1/me/records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.tokens.readWrite}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'episode_id=106',
      signal: client.signal
    })
    await stored
    expect(emu.media.records.at(-1)).toMatchObject({ episodeId: 106 })
    expect(emu.media.records.length).toBe(before + 1)
    // The client gives up (or dies): only then does the request end, without an answer.
    client.abort()
    await expect(pending).rejects.toThrow()
    expect((await call(emu, '/v1/me/records', { method: 'POST', form: { episode_id: '106' } })).status).toBe(201)
  })

  it('reset-after-commit skips a request answered 429 (nothing committed) and resets the next handled one', async () => {
    emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'status', status: 429, times: 1 })
    emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'reset-after-commit', times: 1 })
    const before = emu.media.records.length
    const refused = await call(emu, '/v1/me/records', { method: 'POST', form: { episode_id: '105' } })
    // The client gets the 429 it can act on, not a reset that would suggest a committed write.
    expect(refused.status).toBe(429)
    expect(emu.media.records.length).toBe(before)
    await expect(call(emu, '/v1/me/records', { method: 'POST', form: { episode_id: '105' } })).rejects.toThrow()
    expect(emu.media.records.length).toBe(before + 1)
    expect((await call(emu, '/v1/me/records', { method: 'POST', form: { episode_id: '105' } })).status).toBe(201)
  })

  it('malformed-json skips a request answered 429: the client sees the refusal, not a garbled 200', async () => {
    emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'status', status: 429, times: 1 })
    emu.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'malformed-json', times: 1 })
    const before = emu.media.records.length
    expect((await call(emu, '/v1/me/records', { method: 'POST', form: { episode_id: '104' } })).status).toBe(429)
    expect(emu.media.records.length).toBe(before)
    const garbled = await call(emu, '/v1/me/records', { method: 'POST', form: { episode_id: '104' } })
    expect(garbled.status).toBe(200)
    expect(() => JSON.parse(garbled.text)).toThrow()
    expect(emu.media.records.length).toBe(before + 1)
  })

  it('reset-after-commit skips a request the rate limit refused', async () => {
    // A clock that stands still: the limiter's second never rolls over, so the fifth request is refused.
    const at = Date.UTC(2026, 10, 22, 12)
    const limited = await startEmulator({ rateLimit: true, now: () => at })
    try {
      const post = () => call(limited, '/v1/me/records', { method: 'POST', form: { episode_id: '106' } })
      for (let i = 0; i < 4; i++) expect((await call(limited, '/v1/works')).status).toBe(200)
      limited.faults.inject({ method: 'POST', path: '/v1/me/records', kind: 'reset-after-commit', times: 1 })
      const before = limited.media.records.length
      expect((await post()).status).toBe(429)
      expect(limited.media.records.length).toBe(before)
    } finally {
      await limited.close()
    }
  })

  it('reset: nothing is handled', async () => {
    emu.faults.inject({ path: '/v1/me/statuses', kind: 'reset', times: 1 })
    await expect(
      call(emu, '/v1/me/statuses', { method: 'POST', form: { work_id: '3', kind: 'watched' } })
    ).rejects.toThrow()
    expect(emu.media.statuses.find((s) => s.userId === 1 && s.workId === 3)?.kind).toBe('wanna_watch')
  })

  it('status: answers the injected code without handling; matches method and path prefix', async () => {
    emu.faults.inject({ method: 'GET', path: '/v1/me/', kind: 'status', status: 503, times: 2 })
    expect((await call(emu, '/v1/me/programs')).status).toBe(503)
    expect((await call(emu, '/v1/works')).status).toBe(200) // other prefix
    expect(
      (await call(emu, '/v1/me/statuses', { method: 'POST', form: { work_id: '1', kind: 'watching' } })).status
    ).toBe(204) // other method
    expect((await call(emu, '/v1/me/works')).status).toBe(503)
    expect((await call(emu, '/v1/me/works')).status).toBe(200) // used up
  })

  it('status 429 is plain text without Retry-After', async () => {
    emu.faults.inject({ path: /^\/v1\/me\/programs$/, kind: 'status', status: 429 })
    const r = await call(emu, '/v1/me/programs')
    expect(r.status).toBe(429)
    expect(r.headers.get('content-type')).toMatch(/text\/plain/)
    expect(r.headers.get('retry-after')).toBeNull()
  })

  it('latency delays the answer', async () => {
    emu.faults.inject({ path: '/v1/works', kind: 'latency', ms: 150, times: 1 })
    const t = performance.now()
    expect((await call(emu, '/v1/works')).status).toBe(200)
    expect(performance.now() - t).toBeGreaterThanOrEqual(140)
  })

  it('malformed-json: 200 with a body no parser accepts', async () => {
    emu.faults.inject({ path: '/v1/me/works', kind: 'malformed-json' })
    const r = await call(emu, '/v1/me/works')
    expect(r.status).toBe(200)
    expect(r.text.length).toBeGreaterThan(0)
    expect(() => JSON.parse(r.text)).toThrow()
  })

  it('extra-fields adds unknown keys to every object', async () => {
    emu.faults.inject({ path: '/v1/me/programs', kind: 'extra-fields' })
    const r = await call(emu, '/v1/me/programs?per_page=1')
    expect(r.json).toHaveProperty('x_emulator_extra')
    expect(r.json.programs[0]).toHaveProperty('x_emulator_extra')
    expect(r.json.programs[0].work).toHaveProperty('x_emulator_extra')
    expect(r.json.programs[0].id).toEqual(expect.any(Number))
  })

  it('missing-fields removes the named fields (or some optional ones) everywhere', async () => {
    emu.faults.inject({
      path: '/v1/me/programs',
      kind: 'missing-fields',
      fields: ['title', 'is_rebroadcast'],
      times: 1
    })
    const r = await call(emu, '/v1/me/programs?per_page=1')
    expect(r.json.programs[0]).not.toHaveProperty('is_rebroadcast')
    expect(r.json.programs[0].work).not.toHaveProperty('title')
    emu.faults.inject({ path: '/v1/me/works', kind: 'missing-fields' })
    const w = await call(emu, '/v1/me/works?filter_ids=1')
    expect(w.json.works[0]).not.toHaveProperty('season_name')
    expect(w.json.works[0]).toHaveProperty('title')
  })

  it('faults apply to wiki paths too, and clear() removes them', async () => {
    emu.faults.inject({ path: '/api/v1/', kind: 'status', status: 500 })
    expect((await call(emu, '/api/v1/notifications', { token: emu.tokens.wiki })).status).toBe(500)
    emu.faults.clear()
    expect((await call(emu, '/api/v1/notifications', { token: emu.tokens.wiki })).status).toBe(200)
  })
})
