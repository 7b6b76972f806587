import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeApiError, isApiError, type ApiError } from '../../../src/main/core/http/errors'
import { createWikiClient, type WikiClient } from '../../../src/main/core/wiki/client'
import { articleRefFromUrl } from '../../../src/main/core/wiki/paths'
import { NOTIFICATION_TYPES } from '../../../src/main/core/wiki/schemas'
import { startEmulator, type Emulator } from '../../emulator'

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)

async function apiError(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err
  )
  if (!isApiError(e)) throw new Error(`expected an ApiError, got ${String(e)}`)
  return e
}

describe.each([false, true])('wiki client against the emulator (quirks: %s)', (quirks) => {
  let emu: Emulator
  let wiki: WikiClient
  let token: string | undefined

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, quirks, now: () => NOW })
    token = emu.tokens.wiki
    wiki = createWikiClient({ baseUrl: emu.baseUrl, token: () => token, timeoutMs: 5000 })
  })
  afterAll(() => emu.close())

  it('reads every notification type, HTML titles raw, with only unread=1 on the wire', async () => {
    const all = await wiki.listNotifications()
    for (const t of NOTIFICATION_TYPES) expect(all.map((n) => n.type)).toContain(t)
    expect(all.some((n) => n.title.includes('<img src=x onerror=alert(1)>'))).toBe(true)
    expect(all.some((n) => n.title.includes('<b>'))).toBe(true)
    const unread = await wiki.listNotifications({ unread: true })
    expect(unread.length).toBeGreaterThan(0)
    expect(unread.length).toBe(emu.wiki.state.notifications.filter((n) => n.unread).length)
    await wiki.listNotifications({ unread: false })
    const queries = emu.requests.filter((r) => r.path === '/api/v1/notifications').map((r) => r.query)
    expect(queries).toEqual(['', 'unread=1', ''])
  })

  it(
    quirks ? 'tolerates missing sender/community and keeps unknown types' : 'gets sender and community on each item',
    async () => {
      const all = await wiki.listNotifications()
      if (quirks) {
        expect(all.some((n) => n.sender === undefined)).toBe(true)
        expect(all.some((n) => n.community === undefined)).toBe(true)
        const odd = all.find((n) => !(NOTIFICATION_TYPES as readonly string[]).includes(n.type))
        expect(odd?.type).toBe('PageCommentNotification')
      } else {
        expect(all.every((n) => n.sender && n.community && n.url)).toBe(true)
      }
    }
  )

  it('points article notifications at articles the API can fetch', async () => {
    const refs = (await wiki.listNotifications()).map((n) => articleRefFromUrl(n.url)).filter((r) => r !== null)
    expect(refs.length).toBeGreaterThan(3)
    for (const ref of refs) expect((await wiki.getArticle(ref.userName, ref.timestampId)).id).toBeGreaterThan(0)
  })

  it('turns a bad token into an auth ApiError with a message in both languages', async () => {
    token = 'revoked'
    const e = await apiError(wiki.listNotifications())
    token = emu.tokens.wiki
    expect(e).toMatchObject({ kind: 'auth', service: 'wiki', status: 401 })
    const text = describeApiError(e)
    expect(text.en).toMatch(/wiki/)
    expect(text.ja).toMatch(/Wiki/)
    token = undefined
    expect((await apiError(wiki.listNotifications())).kind).toBe('auth')
    token = emu.tokens.wiki
  })

  it('maps 5xx to server, broken JSON and wrong shapes to bad_response', async () => {
    emu.faults.inject({ kind: 'status', status: 503, path: '/api/v1/notifications', times: 1 })
    expect(await apiError(wiki.listNotifications())).toMatchObject({ kind: 'server', status: 503 })
    emu.faults.inject({ kind: 'malformed-json', path: '/api/v1/notifications', times: 1 })
    expect((await apiError(wiki.listNotifications())).kind).toBe('bad_response')
    const planted = emu.wiki.addNotification({ id: 'not-a-number' })
    expect((await apiError(wiki.listNotifications())).kind).toBe('bad_response')
    emu.wiki.state.notifications = emu.wiki.state.notifications.filter((n) => n.json !== planted)
  })

  it('sees markAllRead and new notifications', async () => {
    emu.wiki.markAllRead()
    expect(await wiki.listNotifications({ unread: true })).toEqual([])
    emu.wiki.addNotification({ title: '<i>fresh</i>', community: undefined, sender: null })
    const [fresh] = await wiki.listNotifications({ unread: true })
    expect(fresh?.title).toBe('<i>fresh</i>')
    expect(fresh?.community).toBeUndefined()
    expect(fresh?.sender).toBeUndefined()
  })

  it('never sends a request for hostile path values', async () => {
    const before = emu.requests.length
    await expect(wiki.getArticle('../admin', '20160701125959')).rejects.toThrow(RangeError)
    await expect(wiki.getArticle('onair-fan', '2016/../1')).rejects.toThrow(RangeError)
    expect(emu.requests.length).toBe(before)
  })
})
