import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { call, manualNow } from './helpers'

const START = Date.UTC(2026, 10, 22, 12, 0, 0)

describe.each([false, true])('records (quirks=%s)', (quirks) => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ quirks, now: manualNow(START).now, rateLimit: false })
  })
  afterAll(() => emu.close())
  const post = (form: Record<string, string>) => call(emu, '/v1/me/records', { method: 'POST', form })

  it('creates a Record with the documented fields and defaults', async () => {
    const r = await post({ episode_id: '301', comment: '良かった' })
    expect(r.status).toBe(quirks ? 200 : 201)
    expect(r.json).toMatchObject({
      comment: '良かった',
      rating: null,
      is_modified: false,
      likes_count: 0,
      comments_count: 0
    })
    expect(r.json.created_at).toBe(quirks ? '2026-11-22T12:00:00Z' : '2026-11-22T12:00:00.000Z')
    expect(r.json.user).toMatchObject({ id: 1, username: 'hikari', records_count: expect.any(Number) })
    expect(r.json.work.id).toBe(3)
    expect(r.json.episode).toMatchObject({ id: 301, number: quirks ? 1 : '1', number_text: '第1話' })
    if (quirks) expect(r.json).toHaveProperty('rating_state', null)
    else expect(r.json).not.toHaveProperty('rating_state')
    expect(emu.media.records.find((x) => x.id === r.json.id)?.userId).toBe(1)
  })

  it('rating 1..5 is kept with steps, anything else becomes null', async () => {
    const cases: Array<[string, number | null]> = [
      ['4.5', 4.5],
      ['1', 1],
      ['5', 5],
      ['0', null],
      ['6', null],
      ['abc', null],
      ['-1', null]
    ]
    for (const [given, stored] of cases)
      expect((await post({ episode_id: '302', rating: given })).json.rating, given).toBe(stored)
  })

  it('accepts JSON bodies and query parameters', async () => {
    const j = await call(emu, '/v1/me/records', {
      method: 'POST',
      json: { episode_id: 303, rating: 3, share_microblog: true }
    })
    expect(j.status).toBe(quirks ? 200 : 201)
    expect(j.json.rating).toBe(3)
    const q = await call(emu, '/v1/me/records?episode_id=303&comment=via%20query', { method: 'POST' })
    expect(q.json.comment).toBe('via query')
  })

  it('duplicates are allowed', async () => {
    const before = emu.media.records.filter((r) => r.episodeId === 105).length
    await post({ episode_id: '105' })
    await post({ episode_id: '105' })
    expect(emu.media.records.filter((r) => r.episodeId === 105).length).toBe(before + 2)
  })

  it('validation: episode_id required and numeric, share flags boolean, unknown episode 404', async () => {
    const bad: Array<Record<string, string>> = [{}, { episode_id: 'x' }, { episode_id: '101', share_socialnet: 'yes' }]
    for (const form of bad) {
      const r = await post(form)
      expect(r.status, JSON.stringify(form)).toBe(400)
      expect(r.json.errors[0].type).toBe('invalid_params')
    }
    expect((await post({ episode_id: '99999' })).status).toBe(404)
  })

  it('PATCH replaces the comment; is_modified per mode', async () => {
    const id = (await post({ episode_id: '201', comment: 'first', rating: '4' })).json.id as number
    const same = await call(emu, `/v1/me/records/${id}`, { method: 'PATCH', form: { comment: 'first', rating: '5' } })
    expect(same.status).toBe(200)
    expect(same.json.rating).toBe(5)
    expect(same.json.is_modified).toBe(!quirks) // comment unchanged
    const cleared = await call(emu, `/v1/me/records/${id}`, { method: 'PATCH', form: { rating: '5' } })
    expect(cleared.json.comment).toBe('')
    expect(cleared.json.is_modified).toBe(true)
  })

  it("another user's record is 404 for PATCH and DELETE, and stays untouched", async () => {
    const theirs = emu.media.records.find((r) => r.userId === 2)
    if (!theirs) throw new Error('seed has no record of user 2')
    expect((await call(emu, `/v1/me/records/${theirs.id}`, { method: 'PATCH', form: { comment: 'x' } })).status).toBe(
      404
    )
    expect((await call(emu, `/v1/me/records/${theirs.id}`, { method: 'DELETE' })).status).toBe(404)
    expect(emu.media.records.find((r) => r.id === theirs.id)?.comment).toBe(theirs.comment)
    const own = await call(emu, `/v1/me/records/${theirs.id}`, {
      method: 'PATCH',
      token: emu.tokens.otherUser,
      form: { comment: 'mine' }
    })
    expect(own.status).toBe(200)
  })

  it('DELETE answers 204 with no body; a second DELETE is 404', async () => {
    const id = (await post({ episode_id: '202' })).json.id as number
    const r = await call(emu, `/v1/me/records/${id}`, { method: 'DELETE' })
    expect(r.status).toBe(204)
    expect(r.text).toBe('')
    expect((await call(emu, `/v1/me/records/${id}`, { method: 'DELETE' })).status).toBe(404)
  })

  it('share flags that are not booleans are 400 and change nothing, in forms, queries, JSON and PATCH', async () => {
    const count = emu.media.records.length
    const attempts: Array<[string, Parameters<typeof call>[2]]> = [
      ['/v1/me/records', { method: 'POST', form: { episode_id: '301', share_microblog: 'maybe' } }],
      ['/v1/me/records?share_microblog=maybe', { method: 'POST', form: { episode_id: '301' } }],
      ['/v1/me/records', { method: 'POST', json: { episode_id: 301, share_socialnet: 1 } }],
      ['/v1/me/records', { method: 'POST', json: { episode_id: 301, share_microblog: 'TRUE' } }],
      ['/v1/me/records/1', { method: 'PATCH', form: { comment: 'changed', share_microblog: 'maybe' } }]
    ]
    for (const [path, init] of attempts) {
      const r = await call(emu, path, init)
      expect(r.status, `${path} ${JSON.stringify(init)}`).toBe(400)
      expect(r.json.errors[0].type).toBe('invalid_params')
    }
    expect(emu.media.records.length).toBe(count)
    expect(emu.media.records.find((r) => r.id === 1)?.comment).not.toBe('changed')
    // A repeated flag is judged by the value the mode keeps: quirks keeps the last one.
    const repeated = await fetch(`${emu.baseUrl}/v1/me/records`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${emu.tokens.readWrite}`,
        'content-type': 'application/x-www-form-urlencoded'
      },
      body: 'episode_id=301&share_microblog=false&share_microblog=maybe'
    })
    expect(repeated.status).toBe(quirks ? 400 : 201)
  })

  it('unknown route: 404 with unknown_route (quirks) or not_found (documented)', async () => {
    const r = await call(emu, '/v1/me/nothing')
    expect(r.status).toBe(404)
    expect(r.json.errors[0].type).toBe(quirks ? 'unknown_route' : 'not_found')
  })

  it('error bodies outside /v1 follow the same rule: documented has developer_message and url', async () => {
    const unknown = await call(emu, '/nowhere')
    const malformed = await fetch(`${emu.baseUrl}/v1/me/records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.tokens.readWrite}`, 'content-type': 'application/json' },
      body: '{"episode_id": 301,'
    })
    const bodies: Array<[number, unknown, string]> = [
      [unknown.status, unknown.json, quirks ? 'unknown_route' : 'not_found'],
      [malformed.status, await malformed.json(), 'invalid_params']
    ]
    expect(bodies.map(([status]) => status)).toEqual([404, 400])
    for (const [, body, type] of bodies) {
      const error = { type, message: expect.any(String), developer_message: expect.any(String) }
      expect(body).toEqual({ errors: [quirks ? error : { ...error, url: expect.any(String) }] })
    }
  })
})
