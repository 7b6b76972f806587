import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { SEEDED_CLIENT as RW, SEEDED_READ_ONLY_CLIENT as RO, SEEDED_TOKENS } from '../../emulator/oauth/store'
import { doorkeeperSkipReason, startDoorkeeper, type Doorkeeper } from '../../support/doorkeeper'

/**
 * The same OAuth requests, in the same order, to the emulator (quirks mode: the live service) and
 * to a real Doorkeeper configured as the service is; their answers must agree on what a client can
 * see: status, where the browser is sent, error codes, the headers clients act on, JSON keys.
 */
const skip = doorkeeperSkipReason()
const OOB = 'urn:ietf:wg:oauth:2.0:oob'
const LOOPBACK = 'http://127.0.0.1:5000/callback'

interface Req {
  method?: string
  path: string
  query?: Record<string, string>
  form?: Record<string, string>
  bearer?: string
}
/** Codes and tokens each server issued, by name, for the later steps. */
type Saved = Record<string, string>
interface Step {
  name: string
  req: (s: Saved) => Req
  save?: string
}

const authorize = (client: string, redirect: string, more: Record<string, string> = {}): Req => ({
  path: '/oauth/authorize',
  query: { client_id: client, redirect_uri: redirect, response_type: 'code', state: 'st', ...more }
})
const decide = (method: 'POST' | 'DELETE', client: string, redirect: string, scope: string): Req => ({
  ...authorize(client, redirect, { scope }),
  method
})
const exchange = (
  code: string,
  redirect: string,
  client: { id: string; secret: string } = RW,
  more: Record<string, string> = {}
): Req => ({
  method: 'POST',
  path: '/oauth/token',
  form: {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirect,
    client_id: client.id,
    client_secret: client.secret,
    ...more
  }
})
const info = (token: string): Req => ({ path: '/oauth/token/info', bearer: token })
const revoke = (token: string, client?: { id: string; secret: string }, bearer?: string): Req => ({
  method: 'POST',
  path: '/oauth/revoke',
  form: { token, ...(client ? { client_id: client.id, client_secret: client.secret } : {}) },
  bearer
})

const STEPS: Step[] = [
  {
    name: 'authorize without client_id',
    req: () => ({ path: '/oauth/authorize', query: { response_type: 'code', redirect_uri: LOOPBACK } })
  },
  { name: 'authorize, unknown client', req: () => authorize('nobody', LOOPBACK) },
  { name: 'authorize, unregistered redirect', req: () => authorize(RW.id, 'http://evil.example/callback') },
  { name: 'authorize, localhost on another port', req: () => authorize(RW.id, 'http://localhost:9999/callback') },
  { name: 'authorize, [::1] for a registered 127.0.0.1', req: () => authorize(RW.id, 'http://[::1]:5000/callback') },
  { name: 'authorize, redirect with a fragment', req: () => authorize(RW.id, `${LOOPBACK}#x`) },
  { name: 'authorize, response_type token', req: () => authorize(RW.id, LOOPBACK, { response_type: 'token' }) },
  {
    name: 'authorize without response_type',
    req: () => ({ path: '/oauth/authorize', query: { client_id: RW.id, redirect_uri: LOOPBACK } })
  },
  { name: 'authorize, unknown scope', req: () => authorize(RW.id, LOOPBACK, { scope: 'read admin' }) },
  {
    name: 'authorize write from a read-only registration',
    req: () => authorize(RO.id, LOOPBACK, { scope: 'read write' })
  },
  {
    name: 'authorize write from a read-only registration, OOB',
    req: () => authorize(RO.id, OOB, { scope: 'read write' })
  },
  {
    name: 'authorize read from a read-only registration: consent',
    req: () => authorize(RO.id, LOOPBACK, { scope: 'read' })
  },
  { name: 'authorize, default scope: consent', req: () => authorize(RW.id, LOOPBACK) },
  {
    name: 'authorize, loopback with an extra query: consent',
    req: () => authorize(RW.id, `${LOOPBACK}?x=1`, { scope: 'read write' })
  },
  { name: 'approve, loopback', req: () => decide('POST', RW.id, LOOPBACK, 'read write'), save: 'code1' },
  {
    name: 'token, loopback port changed',
    req: (s) => exchange(s.code1!, 'http://127.0.0.1:6000/callback'),
    save: 'token1'
  },
  { name: 'token, code used twice', req: (s) => exchange(s.code1!, LOOPBACK) },
  {
    name: 'authorize again, same scopes: approved without asking',
    req: () => authorize(RW.id, LOOPBACK, { scope: 'read write' }),
    save: 'code2'
  },
  { name: 'token, wrong secret', req: (s) => exchange(s.code2!, LOOPBACK, { id: RW.id, secret: 'wrong' }) },
  { name: 'token, code of another client', req: (s) => exchange(s.code2!, LOOPBACK, RO) },
  { name: 'token, another redirect path', req: (s) => exchange(s.code2!, 'http://127.0.0.1:5000/other') },
  { name: 'token without grant_type', req: (s) => exchange(s.code2!, LOOPBACK, RW, { grant_type: '' }) },
  { name: 'token, password grant', req: (s) => exchange(s.code2!, LOOPBACK, RW, { grant_type: 'password' }) },
  { name: 'token without redirect_uri', req: (s) => exchange(s.code2!, '') },
  { name: 'token after failed attempts', req: (s) => exchange(s.code2!, LOOPBACK), save: 'token2' },
  {
    name: 'token, client credentials',
    req: () => ({
      method: 'POST',
      path: '/oauth/token',
      form: { grant_type: 'client_credentials', client_id: RW.id, client_secret: RW.secret }
    }),
    save: 'appToken'
  },
  { name: 'token info, client-credentials token', req: (s) => info(s.appToken!) },
  { name: 'token info, authorized token', req: (s) => info(s.token1!) },
  { name: 'token info, personal access token', req: () => info(SEEDED_TOKENS.readWrite) },
  { name: 'token info, unknown token', req: () => info('nope') },
  { name: 'token info without a token', req: () => ({ path: '/oauth/token/info' }) },
  { name: 'resource without a token', req: () => ({ path: '/v1/me/works' }) },
  { name: 'resource, unknown token', req: () => ({ path: '/v1/me/works', bearer: 'nope' }) },
  {
    name: 'write with a read-only token',
    req: () => ({ method: 'POST', path: '/v1/me/records', bearer: SEEDED_TOKENS.read })
  },
  { name: 'revoke with the bearer header only', req: (s) => revoke(s.token1!, undefined, s.token1) },
  { name: 'token info after a refused revoke', req: (s) => info(s.token1!) },
  { name: 'revoke, wrong secret', req: (s) => revoke(s.token1!, { id: RW.id, secret: 'wrong' }) },
  { name: 'revoke, unknown token', req: () => revoke('nope', RW) },
  { name: "revoke another application's token", req: (s) => revoke(s.token2!, RO) },
  { name: 'revoke a personal access token', req: () => revoke(SEEDED_TOKENS.read, RO) },
  { name: 'token info after revoking a personal token', req: () => info(SEEDED_TOKENS.read) },
  { name: 'revoke', req: (s) => revoke(s.token1!, RW) },
  { name: 'token info after revoke', req: (s) => info(s.token1!) },
  { name: 'approve, OOB', req: () => decide('POST', RW.id, OOB, 'read'), save: 'oobPage' },
  { name: 'OOB code page', req: (s) => ({ path: s.oobPage! }), save: 'oobCode' },
  { name: 'token, OOB', req: (s) => exchange(s.oobCode!, OOB) },
  { name: 'deny, loopback', req: () => decide('DELETE', RO.id, LOOPBACK, 'read') },
  { name: 'deny, OOB', req: () => decide('DELETE', RO.id, OOB, 'read') },
  { name: 'approve a bad scope: sent back with the error', req: () => decide('POST', RW.id, LOOPBACK, 'admin') }
]

/** What a client can tell apart in an answer; codes, tokens, times and the server's origin are not it. */
async function observe(baseUrl: string, r: Req, saved: Saved, save?: string): Promise<Record<string, unknown>> {
  const url = new URL(r.path, baseUrl)
  for (const [k, v] of Object.entries(r.query ?? {})) url.searchParams.set(k, v)
  const headers: Record<string, string> = r.bearer ? { authorization: `Bearer ${r.bearer}` } : {}
  const res = await fetch(url, {
    method: r.method ?? 'GET',
    redirect: 'manual',
    headers: r.form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
    body: r.form ? new URLSearchParams(Object.entries(r.form).filter(([, v]) => v !== '')).toString() : undefined
  })
  // A browser shows no body of a redirect.
  const text = res.status >= 300 && res.status < 400 ? '' : await res.text()
  const type =
    text === '' && res.status !== 401 && res.status !== 403 ? '' : (res.headers.get('content-type') ?? '').split(';')[0]
  const seen: Record<string, unknown> = {
    status: res.status,
    type,
    pragma: res.headers.get('pragma'),
    noStore: /no-store/.test(res.headers.get('cache-control') ?? ''),
    wwwAuthenticate: /error="([^"]+)"/.exec(res.headers.get('www-authenticate') ?? '')?.[1] ?? null
  }
  const location = res.headers.get('location')
  if (location) {
    const to = new URL(location, baseUrl)
    const query = Object.fromEntries([...to.searchParams].map(([k, v]) => [k, k === 'code' ? '<code>' : v]))
    seen.location = { path: to.origin === new URL(baseUrl).origin ? to.pathname : `${to.origin}${to.pathname}`, query }
    if (save) saved[save] = to.searchParams.get('code') ?? ''
    if (save === 'oobPage') saved[save] = `${to.pathname}${to.search}`
  }
  if (type === 'application/json' && text !== '') {
    const body = JSON.parse(text) as Record<string, unknown>
    seen.keys = Object.keys(body).sort()
    for (const k of ['error', 'token_type', 'scope', 'resource_owner_id', 'application'] as const)
      if (k in body) seen[k] = body[k]
    if (typeof seen.application === 'object' && seen.application)
      seen.application = { uid: (seen.application as { uid: unknown }).uid === null ? null : '<uid>' }
    if (save && typeof body.access_token === 'string') saved[save] = body.access_token
  } else if (type === 'text/html') {
    seen.body = text === '' ? 'empty' : 'page'
    const description =
      /requested scope is invalid|doesn't match client redirect URI|Client authentication failed|does not support this response type|not authorized to perform this request|Missing required parameter/.exec(
        text.replace(/&#39;|&#x27;/g, "'")
      )
    if (description) seen.says = description[0]
    if (save === 'oobCode') saved[save] = /id="authorization[-_]code">([^<]+)</.exec(text)?.[1] ?? ''
  }
  return seen
}

describe.skipIf(skip)(
  `the emulator answers OAuth requests as Doorkeeper does${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let emu: Emulator
    let dk: Doorkeeper
    beforeAll(async () => {
      ;[emu, dk] = await Promise.all([startEmulator({ quirks: true, rateLimit: false }), startDoorkeeper()])
    }, 60_000)
    afterAll(async () => {
      await Promise.all([emu?.close(), dk?.close()])
    })

    it('the same requests get the same answers', async () => {
      const saved = { emu: {} as Saved, dk: {} as Saved }
      const differences: string[] = []
      for (const step of STEPS) {
        const a = await observe(emu.baseUrl, step.req(saved.emu), saved.emu, step.save)
        const b = await observe(dk.baseUrl, step.req(saved.dk), saved.dk, step.save)
        if (JSON.stringify(a) !== JSON.stringify(b))
          differences.push(`${step.name}:\n  emulator   ${JSON.stringify(a)}\n  Doorkeeper ${JSON.stringify(b)}`)
      }
      expect(differences.join('\n')).toBe('')
    })
  }
)
