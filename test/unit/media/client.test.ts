import { describe, expect, it } from 'vitest'
import type { ApiError } from '../../../src/main/core/http/errors'
import { OOB_REDIRECT_URI } from '../../../src/main/core/media/oauth'
import { documentedProgram, documentedRecord, documentedWork, fakeFetch, json, testClient } from './fixtures'

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p
  } catch (e) {
    return e as ApiError
  }
  throw new Error('expected a failure')
}

describe('programs', () => {
  it('sends the token as a header, never in the query', async () => {
    const { fetch, seen } = fakeFetch(() => json({ programs: [], total_count: 0, next_page: null, prev_page: null }))
    await testClient(fetch).client.listPrograms()
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer tok')
    expect(seen[0]?.url.searchParams.has('access_token')).toBe(false)
    expect(seen[0]?.url.pathname).toBe('/v1/me/programs')
  })

  it('cuts the widened window back to the exact one and sorts by start', async () => {
    const at = (iso: string, id: number) => ({ ...documentedProgram, id, started_at: iso })
    const { fetch } = fakeFetch(() =>
      json({
        programs: [
          at('2026-01-01T12:30:00.000Z', 3),
          at('2026-01-01T11:59:59Z', 1),
          at('2026-01-01T12:00:00Z', 2),
          at('2026-01-01T12:31:00Z', 4)
        ],
        total_count: 4,
        next_page: 2
      })
    )
    const page = await testClient(fetch).client.listPrograms({
      startedFrom: Date.UTC(2026, 0, 1, 12),
      startedTo: new Date('2026-01-01T12:30:00Z')
    })
    expect(page.items.map((p) => p.id)).toEqual([2, 3])
    expect(page).toMatchObject({ received: 4, page: 1, perPage: 25, totalCount: 4 })
  })
})

describe('works', () => {
  it('lists the user works with filters', async () => {
    const { fetch, seen } = fakeFetch(() =>
      json({ works: [documentedWork], total_count: 1, next_page: null, prev_page: null })
    )
    const { client } = testClient(fetch)
    const page = await client.listWorks({ status: 'watching', perPage: 10 })
    expect(page.items[0]?.title).toBe('Example Title')
    expect(seen[0]?.url.search).toBe('?per_page=10&filter_status=watching')
  })
})

describe('records and statuses', () => {
  it('creates a record with a form body, sharing off unless asked, any 2xx accepted', async () => {
    for (const status of [200, 201]) {
      const { fetch, seen } = fakeFetch(() => json(documentedRecord, status))
      const r = await testClient(fetch).client.createRecord({ episodeId: 75187, comment: 'あ&b=c', rating: 4.5 })
      expect(r.id).toBe(1)
      expect(seen[0]?.method).toBe('POST')
      expect(seen[0]?.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
      expect(Object.fromEntries(seen[0]!.body)).toEqual({
        episode_id: '75187',
        comment: 'あ&b=c',
        rating: '4.5',
        share_microblog: 'false',
        share_socialnet: 'false'
      })
    }
  })

  it('edits with the full comment, deletes (204), sets a status (204)', async () => {
    const { fetch, seen } = fakeFetch((req) =>
      req.method === 'PATCH' ? json(documentedRecord) : new Response(null, { status: 204 })
    )
    const { client } = testClient(fetch)
    const r = await client.updateRecord(1, { comment: 'full text', shareMicroblog: true })
    expect(r.id).toBe(documentedRecord.id)
    await client.deleteRecord(1)
    await client.setStatus(4168, 'no_select')
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      'PATCH /v1/me/records/1',
      'DELETE /v1/me/records/1',
      'POST /v1/me/statuses'
    ])
    expect(seen[0]?.body.get('comment')).toBe('full text')
    expect(seen[0]?.body.get('share_microblog')).toBe('true')
    expect(Object.fromEntries(seen[2]!.body)).toEqual({ work_id: '4168', kind: 'no_select' })
  })

  it('refuses bad input before sending anything', async () => {
    const { fetch, seen } = fakeFetch(() => json({}))
    const { client } = testClient(fetch)
    for (const p of [
      client.createRecord({ episodeId: 0 }),
      client.createRecord({ episodeId: 1, rating: 5.5 }),
      client.createRecord({ episodeId: 1, rating: 0 }),
      client.updateRecord(1, {} as { comment: string }),
      client.updateRecord(-1, { comment: '' }),
      client.deleteRecord(1.5),
      client.setStatus(1, 'dropped' as 'watched'),
      client.listPrograms({ perPage: 51 })
    ]) {
      expect((await failure(p)).kind).toBe('invalid_params')
    }
    expect(seen).toHaveLength(0)
  })
})

describe('errors', () => {
  it('maps statuses to kinds, with the service messages and the WWW-Authenticate reason', async () => {
    const challenge =
      'Bearer realm="Doorkeeper", error="invalid_token", error_description="The access token is invalid"'
    const answers: Record<string, () => Response> = {
      '/v1/me/programs': () => new Response('', { status: 401, headers: { 'www-authenticate': challenge } }),
      '/v1/me/records': () => new Response('', { status: 403 }),
      '/v1/me/records/9': () => json({ errors: [{ type: 'unknown_route', message: '見つかりません' }] }, 404),
      '/v1/me/works': () => json({ errors: [{ type: 'invalid_params', message: 'per_pageが不正です' }] }, 400),
      '/v1/me/statuses': () => new Response('slow down', { status: 429 })
    }
    const { fetch } = fakeFetch((req) => answers[req.url.pathname]!())
    const { client } = testClient(fetch, { retry: { maxAttempts: 1 } })
    const auth = await failure(client.listPrograms())
    expect(auth).toMatchObject({ kind: 'auth', status: 401 })
    expect(auth.detail).toContain('invalid_token')
    expect(await failure(client.createRecord({ episodeId: 1 }))).toMatchObject({ kind: 'scope', status: 403 })
    expect(await failure(client.updateRecord(9, { comment: '' }))).toMatchObject({
      kind: 'not_found',
      serviceMessages: ['見つかりません']
    })
    expect(await failure(client.listWorks())).toMatchObject({
      kind: 'invalid_params',
      serviceMessages: ['per_pageが不正です']
    })
    expect(await failure(client.setStatus(1, 'watching'))).toMatchObject({ kind: 'rate_limited', ambiguous: false })
  })

  it('fails with auth before sending when signed out', async () => {
    const { fetch, seen } = fakeFetch(() => json({}))
    const { client } = testClient(fetch, { token: () => undefined })
    expect((await failure(client.listPrograms())).kind).toBe('auth')
    expect(seen).toHaveLength(0)
  })

  it('reports a 2xx that does not fit as bad_response', async () => {
    const { fetch } = fakeFetch((req) =>
      req.url.pathname === '/v1/me/works' ? new Response('<html>', { status: 200 }) : json({ programs: [{ id: 'x' }] })
    )
    const { client } = testClient(fetch)
    expect((await failure(client.listWorks())).kind).toBe('bad_response')
    const bad = await failure(client.listPrograms())
    expect(bad.kind).toBe('bad_response')
    expect(bad.detail).toContain('programs.0.id')
  })

  it('retries a GET after a 503 but never a POST', async () => {
    const { fetch, seen } = fakeFetch((req, n) =>
      n === 1 || req.method === 'POST' ? new Response('', { status: 503 }) : json({ works: [], total_count: 0 })
    )
    const { client, slept } = testClient(fetch)
    await client.listWorks()
    expect(seen).toHaveLength(2)
    expect(slept).toEqual([250])
    expect((await failure(client.createRecord({ episodeId: 1 }))).kind).toBe('server')
    expect(seen).toHaveLength(3)
  })

  it('marks a write that lost its answer as ambiguous, a refused connection as not', async () => {
    const reset = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } })
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })
    let error: Error = reset
    const { fetch } = fakeFetch(() => Promise.reject(error))
    const { client } = testClient(fetch, { retry: { maxAttempts: 1 } })
    expect(await failure(client.createRecord({ episodeId: 1 }))).toMatchObject({ kind: 'network', ambiguous: true })
    expect(await failure(client.listWorks())).toMatchObject({ kind: 'network', ambiguous: false })
    error = refused
    expect(await failure(client.deleteRecord(1))).toMatchObject({ kind: 'network', ambiguous: false })
    error = new DOMException('timed out', 'TimeoutError')
    expect(await failure(client.updateRecord(1, { comment: '' }))).toMatchObject({ kind: 'timeout', ambiguous: true })
  })
})

describe('OAuth', () => {
  it('builds the authorize URL with state and an optional challenge', () => {
    const { client } = testClient(fakeFetch(() => json({})).fetch)
    const url = new URL(
      client.authorizeUrl({
        clientId: 'cid',
        redirectUri: 'http://127.0.0.1:5000/callback',
        scope: ['read', 'write'],
        state: 's1',
        codeChallenge: 'ch'
      })
    )
    expect(url.pathname).toBe('/oauth/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'cid',
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:5000/callback',
      scope: 'read write',
      state: 's1',
      code_challenge: 'ch',
      code_challenge_method: 'S256'
    })
    expect(
      new URL(
        client.authorizeUrl({ clientId: 'c', redirectUri: OOB_REDIRECT_URI, scope: ['read'], state: 'x' })
      ).searchParams.has('code_challenge')
    ).toBe(false)
    expect(() =>
      client.authorizeUrl({ clientId: 'c', redirectUri: OOB_REDIRECT_URI, scope: ['read'], state: '' })
    ).toThrow(RangeError)
  })

  it('exchanges a code without a bearer token, reads token info, revokes naming the token', async () => {
    const { fetch, seen } = fakeFetch((req) => {
      if (req.url.pathname === '/oauth/token')
        return json({ access_token: 'new', token_type: 'Bearer', scope: 'read write', created_at: 1 })
      if (req.url.pathname === '/oauth/token/info')
        return json({ resource_owner_id: 2, scope: ['read', 'write'], expires_in: null, application: { uid: 'cid' } })
      return json({})
    })
    const { client } = testClient(fetch, { token: () => undefined })
    const t = await client.exchangeCode({
      clientId: 'cid',
      clientSecret: 'sec',
      redirectUri: OOB_REDIRECT_URI,
      code: 'c0de'
    })
    expect(t).toEqual({ accessToken: 'new', scopes: ['read', 'write'], createdAt: 1 })
    expect(seen[0]?.headers.has('authorization')).toBe(false)
    expect(Object.fromEntries(seen[0]!.body)).toEqual({
      client_id: 'cid',
      client_secret: 'sec',
      grant_type: 'authorization_code',
      redirect_uri: OOB_REDIRECT_URI,
      code: 'c0de'
    })
    expect(await client.tokenInfo('new')).toEqual({
      resourceOwnerId: 2,
      scopes: ['read', 'write'],
      expiresInSeconds: null,
      applicationUid: 'cid'
    })
    expect(seen[1]?.headers.get('authorization')).toBe('Bearer new')
    await client.revoke({ clientId: 'cid', clientSecret: 'sec', token: 'new' })
    expect(seen[2]?.headers.get('authorization')).toBe('Bearer new')
    expect(Object.fromEntries(seen[2]!.body)).toEqual({ client_id: 'cid', client_secret: 'sec', token: 'new' })
  })

  it('shows the OAuth error description of a refused exchange', async () => {
    const { fetch } = fakeFetch(() => json({ error: 'invalid_grant', error_description: 'The grant is invalid' }, 400))
    const e = await failure(
      testClient(fetch).client.exchangeCode({
        clientId: 'c',
        clientSecret: 's',
        redirectUri: OOB_REDIRECT_URI,
        code: 'x'
      })
    )
    expect(e).toMatchObject({ kind: 'invalid_params', serviceMessages: ['The grant is invalid'] })
  })
})
