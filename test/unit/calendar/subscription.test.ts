import { request } from 'node:http'
import { createServer } from 'node:net'
import ICAL from 'ical.js'
import { afterEach, describe, expect, it } from 'vitest'
import { feedFileStore, replaceFeedSecret } from '../../../src/main/core/calendar/address'
import { createCalendarSubscription } from '../../../src/main/core/calendar/subscription'
import { watchDocument } from '../../../src/main/core/store/watch'
import { memoryStore } from '../../../src/main/core/store/document'
import { SettingsSchema, type Settings } from '../../../src/shared/settings'
import { tempDir } from '../../support/temp-dir'

/**
 * "Subscribe in your calendar" as a calendar app (and an attacker on the same machine) meets it:
 * real HTTP requests to the real server.
 */
interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function get(url: string, opts: { method?: string; host?: string; headers?: Record<string, string> } = {}) {
  const u = new URL(url)
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: u.port,
        path: u.pathname,
        method: opts.method ?? 'GET',
        headers: { host: opts.host ?? u.host, ...opts.headers }
      },
      (res) => {
        let body = ''
        res.on('data', (c: Buffer) => (body += c.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      }
    )
    req.on('error', reject)
    req.end()
  })
}

const DOCUMENT = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n'

describe('calendar subscription', () => {
  const stops: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop()
  })

  function open(enabled: boolean, port = 0, dataDir = tempDir('onair-feed-')) {
    const settings = memoryStore<Settings>(SettingsSchema.parse({ calendar: { subscribe: { enabled, port } } }))
    const feed = createCalendarSubscription({
      store: feedFileStore(dataDir),
      settings: () => settings.read(),
      document: async () => DOCUMENT,
      watch: (onChange) => watchDocument(dataDir, 'feed', onChange)
    })
    stops.push(() => feed.stop())
    return { feed, settings, dataDir }
  }

  it('off by default: nothing listens and there is no URL', async () => {
    const feed = createCalendarSubscription({
      store: memoryStore({}),
      settings: () => SettingsSchema.parse({}),
      document: async () => DOCUMENT
    })
    stops.push(() => feed.stop())
    await feed.sync()
    expect(feed.info()).toEqual({ enabled: false, url: null })
  })

  it('serves the document on 127.0.0.1 behind a secret: GET and HEAD only, other Host names and wrong secrets refused', async () => {
    const { feed } = open(true)
    await feed.sync()
    const url = feed.info().url!
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{43}\/onair\.ics$/)

    const ok = await get(url)
    expect(ok.status).toBe(200)
    expect(ok.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(new ICAL.Component(ICAL.parse(ok.body)).name).toBe('vcalendar')
    const head = await get(url, { method: 'HEAD' })
    expect(head).toMatchObject({ status: 200, body: '' })
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(DOCUMENT)))
    expect((await get(url, { headers: { 'if-none-match': String(ok.headers.etag) } })).status).toBe(304)
    expect((await get(url, { host: `localhost:${new URL(url).port}` })).status).toBe(200)

    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const refused = await get(url, { method })
      expect(refused.status).toBe(405)
      expect(refused.body).toBe('')
    }
    // DNS rebinding: a page on attacker.example that resolves its name to 127.0.0.1.
    for (const host of [
      'attacker.example',
      `attacker.example:${new URL(url).port}`,
      '127.0.0.1.nip.io',
      'localhost.attacker.example'
    ])
      expect((await get(url, { host })).status).toBe(403)
    const wrong = url.replace(/\/[^/]+\/onair\.ics$/, '/not-the-secret/onair.ics')
    expect((await get(wrong)).status).toBe(404)
    expect((await get(url.replace('/onair.ics', '/other.ics'))).status).toBe(404)
  })

  it('a new secret: the old URL answers 404 at once, the new one the document', async () => {
    const { feed } = open(true)
    await feed.sync()
    const old = feed.info().url!
    const fresh = feed.regenerate().url!
    expect(fresh).not.toBe(old)
    expect((await get(old)).status).toBe(404)
    expect((await get(fresh)).status).toBe(200)
  })

  it('a new secret from another process (`onair calendar new-url`): the old URL answers 404 at once, and listeners hear the new one', async () => {
    const { feed, dataDir } = open(true)
    await feed.sync()
    const old = feed.info().url!
    const heard = new Promise<string | null>((resolve) => feed.onChange((info) => resolve(info.url)))
    const secret = replaceFeedSecret(feedFileStore(dataDir))
    expect((await get(old)).status).toBe(404)
    const fresh = old.replace(/\/[^/]+\/onair\.ics$/, `/${secret}/onair.ics`)
    expect((await get(fresh)).status).toBe(200)
    expect(await heard).toBe(fresh)
    expect(feed.info().url).toBe(fresh)
  })

  it('the URL survives a restart (same port, same secret); switching off stops answering', async () => {
    const first = open(true)
    await first.feed.sync()
    const url = first.feed.info().url!
    await first.feed.stop()
    const second = open(true, 0, first.dataDir)
    await second.feed.sync()
    expect(second.feed.info().url).toBe(url)
    second.settings.update((s) => ({ ...s, calendar: { ...s.calendar, subscribe: { enabled: false, port: 0 } } }))
    await second.feed.sync()
    expect(second.feed.info()).toEqual({ enabled: false, url: null })
    await expect(get(url)).rejects.toThrow(/ECONNREFUSED/)
  })

  it('a busy port is reported in both languages and nothing else is taken in its place', async () => {
    const blocker = createServer()
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r))
    stops.push(() => new Promise((r) => blocker.close(() => r())))
    const port = (blocker.address() as { port: number }).port
    const { feed } = open(true, port)
    const seen: unknown[] = []
    feed.onChange((info) => seen.push(info))
    await feed.sync()
    const info = feed.info()
    expect(info.url).toBeNull()
    expect(info.error?.en).toContain(`port ${port}`)
    expect(info.error?.ja).toContain(`ポート ${port}`)
    expect(seen).toEqual([info])
  })
})
