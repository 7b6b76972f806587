import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { call, manualNow } from './helpers'

const OOB = 'urn:ietf:wg:oauth:2.0:oob'

function authorizeUrl(emu: Emulator, params: Record<string, string>): string {
  return `/oauth/authorize?${new URLSearchParams({ client_id: emu.client.id, response_type: 'code', ...params })}`
}

async function codeFor(emu: Emulator, redirectUri = 'http://127.0.0.1:5555/callback', scope?: string): Promise<string> {
  const r = await call(emu, authorizeUrl(emu, { redirect_uri: redirectUri, ...(scope ? { scope } : {}) }), {
    token: null
  })
  const code = new URL(r.headers.get('location') ?? '').searchParams.get('code')
  if (!code) throw new Error(`no code: ${r.status} ${r.text}`)
  return code
}

function exchange(emu: Emulator, code: string, overrides: Record<string, string> = {}) {
  return call(emu, '/oauth/token', {
    method: 'POST',
    token: null,
    form: {
      client_id: emu.client.id,
      client_secret: emu.client.secret,
      grant_type: 'authorization_code',
      redirect_uri: 'http://127.0.0.1:5555/callback',
      code,
      ...overrides
    }
  })
}

describe('OAuth consent page (no auto-approve)', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator()
  })
  afterAll(() => emu.close())

  it('renders Approve / Deny forms, Approve redirects with code and state', async () => {
    const page = await call(
      emu,
      authorizeUrl(emu, { redirect_uri: 'http://127.0.0.1:7777/callback', state: 'xyz', scope: 'read write' }),
      { token: null }
    )
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(page.text).toContain('id="approve"')
    expect(page.text).toContain('id="deny"')
    const requestId = /name="request_id" value="([^"]+)"/.exec(page.text)?.[1] ?? ''
    const r = await call(emu, '/oauth/authorize/decision', {
      method: 'POST',
      token: null,
      form: { request_id: requestId, decision: 'approve' }
    })
    expect(r.status).toBe(302)
    const loc = new URL(r.headers.get('location') ?? '')
    expect(loc.origin + loc.pathname).toBe('http://127.0.0.1:7777/callback')
    expect(loc.searchParams.get('state')).toBe('xyz')
    const tok = await exchange(emu, loc.searchParams.get('code') ?? '', {
      redirect_uri: 'http://127.0.0.1:7777/callback'
    })
    expect(tok.json.scope).toBe('read write')
  })

  it('Deny redirects with error=access_denied and the state', async () => {
    const page = await call(emu, authorizeUrl(emu, { redirect_uri: 'http://127.0.0.1/callback', state: 's1' }), {
      token: null
    })
    const requestId = /name="request_id" value="([^"]+)"/.exec(page.text)?.[1] ?? ''
    const r = await call(emu, '/oauth/authorize/decision', {
      method: 'POST',
      token: null,
      form: { request_id: requestId, decision: 'deny' }
    })
    const loc = new URL(r.headers.get('location') ?? '')
    expect(loc.searchParams.get('error')).toBe('access_denied')
    expect(loc.searchParams.get('state')).toBe('s1')
    expect(loc.searchParams.get('code')).toBeNull()
  })

  it('oob sends the browser to /oauth/authorize/native, which shows the code in #authorization-code', async () => {
    const page = await call(emu, authorizeUrl(emu, { redirect_uri: OOB }), { token: null })
    const requestId = /name="request_id" value="([^"]+)"/.exec(page.text)?.[1] ?? ''
    const r = await call(emu, '/oauth/authorize/decision', {
      method: 'POST',
      token: null,
      form: { request_id: requestId, decision: 'approve' }
    })
    expect(r.status).toBe(302)
    const native = await call(emu, r.headers.get('location') ?? '', { token: null })
    expect(r.headers.get('location')).toMatch(/^\/oauth\/authorize\/native\?code=/)
    const code = /id="authorization-code">([^<]+)</.exec(native.text)?.[1]
    expect(code).toMatch(/^[0-9a-f]{32}$/)
    expect((await exchange(emu, code ?? '', { redirect_uri: OOB })).status).toBe(200)
  })
})

describe.each([false, true])('OAuth with auto-approve (quirks=%s)', (quirks) => {
  const clock = manualNow()
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ quirks, autoApprove: true, now: clock.now, rateLimit: false })
  })
  afterAll(() => emu.close())

  it('authorize errors are an error page (401 unknown client, else 400) that never sends the browser back', async () => {
    const a = await call(
      emu,
      '/oauth/authorize?client_id=nope&response_type=code&redirect_uri=http://127.0.0.1/callback',
      { token: null }
    )
    expect(a.status).toBe(401)
    expect(a.headers.get('content-type')).toMatch(/text\/html/)
    expect(a.text).toContain('Client authentication failed')
    for (const params of <Record<string, string>[]>[
      { redirect_uri: 'http://evil.example/callback' },
      { redirect_uri: 'http://127.0.0.1/callback', scope: 'read admin' },
      { redirect_uri: 'http://127.0.0.1/callback', response_type: 'token' }
    ]) {
      const b = await call(emu, authorizeUrl(emu, params), { token: null })
      expect([b.status, b.headers.get('location')]).toEqual([400, null])
    }
  })

  it('loopback: the port is ignored for 127.0.0.1 and [::1] only; localhost must match exactly', async () => {
    const status = async (uri: string) =>
      (await call(emu, authorizeUrl(emu, { redirect_uri: uri }), { token: null })).headers.get('location')
        ? 'sent back'
        : 'error page'
    expect(await status('http://127.0.0.1:49152/callback')).toBe('sent back')
    expect(await status('http://127.0.0.1/callback')).toBe('sent back')
    expect(await status('http://127.0.0.1:49152/callback?from=onair')).toBe('sent back')
    expect(await status('http://127.0.0.1:49152/other')).toBe('error page')
    expect(await status('http://[::1]:49152/callback')).toBe('error page') // registered host is 127.0.0.1
    expect(await status('http://localhost:49152/callback')).toBe('error page')
    expect(await status('http://localhost:8976/callback')).toBe('sent back') // registered exactly
    expect(await status('http://localhost:8977/callback')).toBe('error page')
  })

  it('auto-approve redirects with code and echoes state; oob shows the code page', async () => {
    const r = await call(emu, authorizeUrl(emu, { redirect_uri: 'http://127.0.0.1:5555/callback', state: 'abc' }), {
      token: null
    })
    expect(r.status).toBe(302)
    expect(new URL(r.headers.get('location') ?? '').searchParams.get('state')).toBe('abc')
    const oob = await call(emu, authorizeUrl(emu, { redirect_uri: OOB }), { token: null })
    const page = await call(emu, oob.headers.get('location') ?? '', { token: null })
    expect(page.text).toMatch(/id="authorization-code"/)
  })

  it('token response; scope defaults to read; token_type per mode', async () => {
    const r = await exchange(emu, await codeFor(emu))
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(r.json).toEqual({
      access_token: expect.any(String),
      token_type: quirks ? 'Bearer' : 'bearer',
      scope: 'read',
      created_at: Math.floor(clock.now() / 1000)
    })
    // A read token may read but not write.
    expect((await call(emu, '/v1/me/works', { token: r.json.access_token })).status).toBe(200)
    expect(
      (
        await call(emu, '/v1/me/statuses', {
          method: 'POST',
          token: r.json.access_token,
          form: { work_id: '1', kind: 'watched' }
        })
      ).status
    ).toBe(403)
  })

  it('codes are single-use', async () => {
    const code = await codeFor(emu)
    expect((await exchange(emu, code)).status).toBe(200)
    const again = await exchange(emu, code)
    expect(again.status).toBe(400)
    expect(again.json.error).toBe('invalid_grant')
  })

  it('codes expire after 10 minutes', async () => {
    const code = await codeFor(emu)
    clock.advance(10 * 60_000 + 1)
    expect((await exchange(emu, code)).json.error).toBe('invalid_grant')
  })

  it('token endpoint errors', async () => {
    const code = await codeFor(emu)
    const badSecret = await exchange(emu, code, { client_secret: 'wrong' })
    expect(badSecret.status).toBe(401)
    expect(badSecret.json.error).toBe('invalid_client')
    expect((await exchange(emu, code, { grant_type: 'refresh_token' })).json.error).toBe('unsupported_grant_type')
    const otherPath = await exchange(emu, code, { redirect_uri: 'http://127.0.0.1:5555/other' })
    expect(otherPath.json.error).toBe('invalid_grant')
    expect(otherPath.headers.get('www-authenticate')).toMatch(/error="invalid_grant"/)
    expect([otherPath.headers.get('cache-control'), otherPath.headers.get('pragma')]).toEqual([
      'no-store, no-cache',
      null
    ])
    // Failed attempts above did not burn the code; JSON bodies are accepted too.
    const ok = await call(emu, '/oauth/token', {
      method: 'POST',
      token: null,
      json: {
        client_id: emu.client.id,
        client_secret: emu.client.secret,
        grant_type: 'authorization_code',
        redirect_uri: 'http://127.0.0.1:5555/callback',
        code
      }
    })
    expect(ok.status).toBe(200)
  })

  it('token info shape per mode', async () => {
    const r = await call(emu, '/oauth/token/info')
    expect(r.status).toBe(200)
    if (quirks)
      expect(r.json).toEqual({
        resource_owner_id: 1,
        scope: ['read', 'write'],
        expires_in: null,
        application: { uid: null },
        created_at: expect.any(Number)
      })
    else
      expect(r.json).toEqual({
        resource_owner_id: 1,
        scopes: ['read', 'write'],
        expires_in_seconds: null,
        application: { uid: null },
        created_at: expect.any(Number)
      })
    expect((await call(emu, '/oauth/token/info', { token: 'nope' })).status).toBe(401)
  })

  it('revoke: 200 {} even for unknown tokens; a revoked token gets 401', async () => {
    const token = (await exchange(emu, await codeFor(emu, undefined, 'read write'))).json.access_token as string
    const creds = { client_id: emu.client.id, client_secret: emu.client.secret }
    const unknown = await call(emu, '/oauth/revoke', {
      method: 'POST',
      token: null,
      form: { token: 'no-such-token', ...creds }
    })
    expect(unknown.status).toBe(200)
    expect(unknown.json).toEqual({})
    expect((await call(emu, '/v1/me/works', { token })).status).toBe(200)
    const r = await call(emu, '/oauth/revoke', { method: 'POST', token: null, form: { token, ...creds } })
    expect(r.status).toBe(200)
    expect((await call(emu, '/v1/me/works', { token })).status).toBe(401)
    expect(
      (
        await call(emu, '/oauth/revoke', {
          method: 'POST',
          token: null,
          form: { token, client_id: emu.client.id, client_secret: 'x' }
        })
      ).status
    ).toBe(403)
  })

  it('revoke authenticated by the Bearer header alone: documented yes, quirks (Doorkeeper) 403 and kept', async () => {
    const token = (await exchange(emu, await codeFor(emu))).json.access_token as string
    const r = await call(emu, '/oauth/revoke', { method: 'POST', token, form: { token } })
    expect(r.status).toBe(quirks ? 403 : 200)
    expect((await call(emu, '/v1/me/works', { token })).status).toBe(quirks ? 200 : 401)
  })
})
