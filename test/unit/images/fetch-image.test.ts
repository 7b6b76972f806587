import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { fetchImage, imageType, type ImageRequest } from '../../../src/main/core/images/fetch-image'
import { PIXEL, publicLookup, startStranger, type Stranger } from '../../stranger/server'

const anyHost: ImageRequest = { allowed: () => true, mayBeLocal: () => false, maxBytes: 64 * 1024, timeoutMs: 5_000 }
const DATA_PIXEL = `data:image/png;base64,${PIXEL.toString('base64')}`

let stranger: Stranger
const clock = new ManualClock()
beforeEach(async () => {
  stranger = await startStranger()
})
afterEach(() => stranger.close())

const get = (url: string, req: ImageRequest = anyHost) => fetchImage(stranger.net, clock, url, req)

describe('fetchImage', () => {
  it('hands over an image as a data: URL of the type its bytes show', async () => {
    expect(await get('https://stranger.example/img/a.png')).toBe(DATA_PIXEL)
    expect(await get('https://stranger.example/img/b.svg')).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('refuses what is not an image, whatever the header says', async () => {
    expect(await get('https://stranger.example/img/not-image')).toBeUndefined()
    expect(await get('https://stranger.example/img/lying.png')).toBeUndefined()
    expect(await get('https://stranger.example/img/missing.gif')).toBeUndefined()
  })

  it('gives up on an image past the size limit', async () => {
    expect(await get('https://stranger.example/img/huge.png')).toBeUndefined()
    expect(await get('https://stranger.example/img/huge.png', { ...anyHost, maxBytes: 4 * 1024 * 1024 })).toMatch(
      /^data:image\/png/
    )
  })

  it('never asks a host it may not, nor one a redirect names unless allowed, nor plain http', async () => {
    const onlyStranger = { ...anyHost, allowed: (u: URL) => u.host === 'stranger.example' }
    expect(await get('https://other.example/img/a.png', onlyStranger)).toBeUndefined()
    expect(await get('https://stranger.example/img/redirect-away.png', onlyStranger)).toBeUndefined()
    expect(await get('https://stranger.example/img/redirect-home.png', onlyStranger)).toBe(DATA_PIXEL)
    expect(await get('http://stranger.example/img/a.png')).toBeUndefined()
    expect(stranger.seen).toEqual([
      'stranger.example/img/redirect-away.png',
      'stranger.example/img/redirect-home.png',
      'stranger.example/img/home.png'
    ])
    // Allowed, the redirect is followed.
    expect(await get('https://stranger.example/img/redirect-away.png')).toBe(DATA_PIXEL)
    expect(stranger.seen.at(-1)).toBe('elsewhere.example/img/away.png')
  })

  it('sends no cookie back and no referrer', async () => {
    await get('https://stranger.example/img/cookie.png')
    await get('https://stranger.example/img/cookie.png')
    for (const h of stranger.headers) {
      expect(h.cookie).toBeUndefined()
      expect(h.referer).toBeUndefined()
    }
    expect(stranger.headers).toHaveLength(2)
  })
})

describe('fetchImage timeout', () => {
  let server: ReturnType<typeof createServer>
  let port = 0
  beforeEach(async () => {
    // Takes the request and never answers.
    server = createServer(() => {})
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterEach(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('gives up when the time is over', async () => {
    const clock = new ManualClock()
    const arrived = new Promise((resolve) => server.once('request', resolve))
    const result = fetchImage(
      { lookup: publicLookup, fetch: (_url, _to, init) => fetch(`http://127.0.0.1:${port}/`, init) },
      clock,
      'https://slow.example/a.png',
      anyHost
    )
    await arrived
    clock.advance(4_999)
    const early = await Promise.race([result, new Promise((resolve) => setImmediate(() => resolve('pending')))])
    expect(early).toBe('pending')
    clock.advance(1)
    expect(await result).toBeUndefined()
  })
})

describe('imageType', () => {
  it('knows the formats a page shows by their first bytes', () => {
    const bytes = (s: string) => Buffer.from(s, 'latin1')
    expect(imageType(PIXEL, 'image/png')).toBe('image/png')
    expect(imageType(bytes('\xff\xd8\xff\xe0'), 'image/png')).toBe('image/jpeg')
    expect(imageType(bytes('GIF89a'), 'image/gif')).toBe('image/gif')
    expect(imageType(bytes('RIFF\0\0\0\0WEBPVP8 '), 'image/webp')).toBe('image/webp')
    expect(imageType(bytes('\0\0\0\x1cftypavif'), 'image/avif')).toBe('image/avif')
    expect(imageType(bytes('<svg xmlns="x"/>'), 'image/png')).toBeUndefined()
    expect(imageType(bytes('<html><svg>'), 'image/svg+xml')).toBe('image/svg+xml')
    expect(imageType(bytes('<html>'), 'image/svg+xml')).toBeUndefined()
  })
})
