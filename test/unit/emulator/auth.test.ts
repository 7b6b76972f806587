import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { call } from './helpers'

describe.each([false, true])('resource auth (quirks=%s)', (quirks) => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ quirks, rateLimit: false })
  })
  afterAll(() => emu.close())

  it('accepts the header and the access_token query parameter', async () => {
    expect((await call(emu, '/v1/me/works')).status).toBe(200)
    expect((await call(emu, `/v1/me/works?access_token=${emu.tokens.read}`, { token: null })).status).toBe(200)
  })

  it('missing or unknown token is 401: documented JSON, quirks empty body + WWW-Authenticate', async () => {
    for (const token of [null, 'not-a-token']) {
      const r = await call(emu, '/v1/me/programs', { token })
      expect(r.status).toBe(401)
      if (quirks) {
        expect(r.text).toBe('')
        expect(r.headers.get('www-authenticate')).toMatch(
          /^Bearer realm="Doorkeeper", error="invalid_token", error_description="/
        )
      } else expect(r.json.errors[0]).toMatchObject({ type: 'unauthorized', message: expect.any(String) })
    }
  })

  it('the wiki token is not a media token', async () => {
    expect((await call(emu, '/v1/me/works', { token: emu.tokens.wiki })).status).toBe(401)
  })

  it('a read-only token gets 403 on the three write endpoints (quirks: empty body)', async () => {
    const token = emu.tokens.read
    const attempts = [
      call(emu, '/v1/me/records', { method: 'POST', token, form: { episode_id: '101' } }),
      call(emu, '/v1/me/records/1', { method: 'PATCH', token, form: { comment: 'x' } }),
      call(emu, '/v1/me/records/1', { method: 'DELETE', token }),
      call(emu, '/v1/me/statuses', { method: 'POST', token, form: { work_id: '1', kind: 'watched' } })
    ]
    for (const r of await Promise.all(attempts)) {
      expect(r.status).toBe(403)
      if (quirks) expect(r.text).toBe('')
      else expect(r.json.errors[0].type).toBe('forbidden')
    }
    expect(emu.media.records.find((r) => r.id === 1)?.comment).toBe('')
  })
})
