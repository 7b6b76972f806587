import { describe, expect, it } from 'vitest'
import type { EmuRequest } from '../../emulator/types'
import { SEED, WEBHOOK_EVENT_TYPES, createWikiService } from '../../emulator/wiki'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)

function setup(quirks = false) {
  const svc = createWikiService({ now: () => NOW, quirks })
  const call = (
    method: string,
    path: string,
    opts: { query?: string; body?: Record<string, unknown>; token?: string | null } = {}
  ) => {
    const token = opts.token === undefined ? svc.token : opts.token
    const req: EmuRequest = {
      method,
      path,
      query: new URLSearchParams(opts.query ?? ''),
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      body: opts.body,
      rawBody: opts.body ? JSON.stringify(opts.body) : ''
    }
    return svc.handle(req) as { status: number; headers?: Record<string, string>; body?: any }
  }
  return { svc, call }
}

describe('wiki emulator: routing and auth', () => {
  it('leaves paths outside /api/v1/ to other services', () => {
    const { svc } = setup()
    expect(
      svc.handle({
        method: 'GET',
        path: '/v1/me/works',
        query: new URLSearchParams(),
        headers: {},
        body: undefined,
        rawBody: ''
      })
    ).toBeUndefined()
  })

  it('answers 401 with a JSON body in documented mode and an empty one in quirks mode', () => {
    expect(setup().call('GET', '/api/v1/notifications', { token: null })).toMatchObject({
      status: 401,
      body: { message: 'Unauthorized' }
    })
    const q = setup(true).call('GET', '/api/v1/notifications', { token: 'nope' })
    expect(q.status).toBe(401)
    expect(q.body).toBeUndefined()
    expect(q.headers?.['www-authenticate']).toContain('invalid_token')
  })

  it('stops accepting a revoked token', () => {
    const { svc, call } = setup()
    svc.revokeToken()
    expect(call('GET', '/api/v1/articles').status).toBe(401)
  })

  it('answers 404 for unknown routes, methods and bad percent-encoding', () => {
    const { call } = setup()
    expect(call('GET', '/api/v1/nope').status).toBe(404)
    expect(call('PUT', '/api/v1/articles').status).toBe(404)
    expect(call('GET', '/api/v1/tags/%E0%A4%A/articles').status).toBe(404)
  })
})

describe('wiki emulator: notifications', () => {
  it('lists all 12 documented types newest first, with HTML titles kept', () => {
    const { call } = setup()
    const res = call('GET', '/api/v1/notifications')
    expect(res.status).toBe(200)
    const list = res.body as { type: string; title: string; created_at: string }[]
    expect(new Set(list.map((n) => n.type)).size).toBe(12)
    const times = list.map((n) => Date.parse(n.created_at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(list.some((n) => n.title.includes('<b>'))).toBe(true)
    expect(list.some((n) => n.title.includes('onerror=alert(1)'))).toBe(true)
    expect(list.every((n) => /\+09:00$/.test(n.created_at))).toBe(true)
  })

  it('filters unread with unread=1 and follows markAllRead / addNotification', () => {
    const { svc, call } = setup()
    const unread = call('GET', '/api/v1/notifications', { query: 'unread=1' }).body as unknown[]
    expect(unread.length).toBeGreaterThan(0)
    expect(unread.length).toBeLessThan(12)
    svc.markAllRead()
    expect(call('GET', '/api/v1/notifications', { query: 'unread=1' }).body).toEqual([])
    const added = svc.addNotification({ title: 'new', sender: undefined })
    const after = call('GET', '/api/v1/notifications', { query: 'unread=1' }).body as Record<string, unknown>[]
    expect(after).toEqual([added])
    expect(after[0]).not.toHaveProperty('sender')
    svc.addNotification({ unread: false, created_at: 'garbage' })
    expect(call('GET', '/api/v1/notifications').body).toHaveLength(14)
  })

  it('rejects other unread values in documented mode and ignores them in quirks mode', () => {
    expect(setup().call('GET', '/api/v1/notifications', { query: 'unread=true' }).status).toBe(400)
    const q = setup(true).call('GET', '/api/v1/notifications', { query: 'unread=true' })
    expect(q.status).toBe(200)
    expect(q.body).toHaveLength(15)
  })

  it('adds quirks: no sender, no community, an undocumented type', () => {
    const list = setup(true).call('GET', '/api/v1/notifications').body as Record<string, unknown>[]
    expect(list.some((n) => !('sender' in n))).toBe(true)
    expect(list.some((n) => !('community' in n))).toBe(true)
    expect(list.map((n) => n.type)).toContain('PageCommentNotification')
  })

  it('gives the same ids on every start', () => {
    const ids = () => (setup().call('GET', '/api/v1/notifications').body as { id: number }[]).map((n) => n.id)
    expect(ids()).toEqual(ids())
  })
})

describe('wiki emulator: articles', () => {
  const mine = SEED.articles.mineSeasonGuide
  const theirs = SEED.articles.hikariReview

  it('lists articles newest first and by tag', () => {
    const { call } = setup()
    const all = call('GET', '/api/v1/articles').body as { created_at: string; tags: { name: string }[] }[]
    expect(all).toHaveLength(4)
    expect(all.map((a) => Date.parse(a.created_at))).toEqual(
      all.map((a) => Date.parse(a.created_at)).sort((a, b) => b - a)
    )
    const tagged = call('GET', `/api/v1/tags/${SEED.tags.review}/articles`).body as typeof all
    expect(tagged).toHaveLength(1)
    expect(tagged[0]?.tags).toContainEqual({ name: 'review', articles_count: 1 })
    expect(call('GET', '/api/v1/tags/unknown/articles').body).toEqual([])
  })

  it('creates from JSON or form fields, splitting tags on spaces and commas', () => {
    const { call } = setup()
    const res = call('POST', '/api/v1/articles', {
      body: { title: 'Hi', body: 'a <b>\n\nb', tag_names_string: 'anime,  new, anime' }
    })
    expect(res.status).toBe(201)
    expect(res.body.tags.map((t: { name: string }) => t.name)).toEqual(['anime', 'new'])
    expect(res.body.rendered_body).toBe('<p>a &lt;b&gt;</p>\n<p>b</p>')
    expect(res.body.user.name).toBe(SEED.me)
    const second = call('POST', '/api/v1/articles', { body: { title: 'Again', body: 'x' } })
    expect(second.body.tags).toEqual([])
    const list = call('GET', '/api/v1/articles').body as { id: number }[]
    expect(list[0]?.id).toBe(second.body.id)
  })

  it('refuses creation without title or body, and non-string fields', () => {
    const { call } = setup()
    expect(call('POST', '/api/v1/articles', { body: { body: 'x' } })).toMatchObject({
      status: 400,
      body: { type: 'bad_request' }
    })
    expect(call('POST', '/api/v1/articles', { body: { title: 'x', body: ' ' } }).status).toBe(400)
    expect(call('POST', '/api/v1/articles', { body: { title: 'x', body: 'y', tag_names_string: ['a'] } }).status).toBe(
      400
    )
  })

  it('gets, updates and deletes own articles; others are read-only (403)', () => {
    const { call } = setup()
    const path = `/api/v1/users/${mine.user}/articles/${mine.timestampId}`
    expect(call('GET', path).body.title).toBe('今期アニメ視聴ガイド')
    const patched = call('PATCH', path, { body: { title: 'New title', tag_names_string: 'x y' } })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({
      title: 'New title',
      body: '# 今期のおすすめ\n\n毎週の放送時間をまとめました。'
    })
    expect(call('PATCH', path, { body: { title: '' } }).status).toBe(400)
    expect(call('PATCH', path, { body: { body: '' } }).status).toBe(400)
    expect(call('PATCH', path, { body: { body: 3 } }).status).toBe(400)
    expect(call('PATCH', path, { body: { body: 'new body' } }).body.body).toBe('new body')

    const other = `/api/v1/users/${theirs.user}/articles/${theirs.timestampId}`
    expect(call('GET', other).status).toBe(200)
    expect(call('PATCH', other, { body: { title: 'x' } }).status).toBe(403)
    expect(call('DELETE', other).status).toBe(403)

    expect(call('DELETE', path)).toEqual({ status: 204 })
    expect(call('GET', path).status).toBe(404)
  })
})

describe('wiki emulator: webhook payloads', () => {
  it('builds each documented event with its object, articles without tags', () => {
    const { svc } = setup()
    for (const type of WEBHOOK_EVENT_TYPES) {
      const ev = svc.webhookEvent(type)
      expect(ev.type).toBe(type)
      expect(ev).toHaveProperty(type.replace(/_(created|updated|deleted)$/, ''))
    }
    expect(svc.webhookEvent('article_created').article).not.toHaveProperty('tags')
    expect(svc.webhookEvent('brand_new', { extra: 1 })).toEqual({ type: 'brand_new', extra: 1 })
  })
})
