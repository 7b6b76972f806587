import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { createImageLoader } from '../../../src/main/core/images/loader'
import { isPublicHost, onWikiHost } from '../../../src/main/core/images/policy'
import { PIXEL, publicLookup, startStranger, type Stranger } from '../../stranger/server'

let stranger: Stranger
beforeEach(async () => {
  stranger = await startStranger()
})
afterEach(() => stranger.close())

function loader(opts: { wikiImages?: boolean; wikiUrl?: string } = {}) {
  return createImageLoader({
    clock: new ManualClock(),
    wikiUrl: () => opts.wikiUrl ?? 'https://wiki.example',
    wikiImages: () => opts.wikiImages ?? false,
    net: stranger.net
  })
}

const ARTICLE = [
  'https://stranger.example/img/pixel.png',
  'https://images.wiki.example/img/own.png',
  'https://wiki.example/img/root.png',
  'https://wiki.example.stranger.example/img/lookalike.png'
]

describe('article images', () => {
  it('fetches nothing before the user asks, with the setting off', async () => {
    const got = await loader().articleImages(ARTICLE, false)
    expect(got).toEqual([null, null, null, null])
    expect(stranger.seen).toEqual([])
  })

  it("fetches only the wiki's own host's with the setting on", async () => {
    const got = await loader({ wikiImages: true }).articleImages(ARTICLE, false)
    expect(got.map((d) => d !== null)).toEqual([false, true, true, false])
    expect(stranger.seen.sort()).toEqual(['images.wiki.example/img/own.png', 'wiki.example/img/root.png'])
  })

  it("fetches all once asked, but follows a redirect only to the article's own hosts", async () => {
    const urls = [...ARTICLE, 'https://stranger.example/img/redirect-away.png']
    const got = await loader().articleImages(urls, true)
    expect(got.map((d) => d !== null)).toEqual([true, true, true, true, false])
    expect(stranger.seen).not.toContain('elsewhere.example/img/away.png')
    const withElsewhere = await loader().articleImages([...urls, 'https://elsewhere.example/img/x.png'], true)
    expect(withElsewhere[4]).not.toBeNull()
  })
})

describe('avatars', () => {
  it("come from the wiki's own host only, in the background, announced once per batch", async () => {
    const images = loader()
    let told = 0
    images.onAvatars(() => told++)
    const own = ['https://avatars.wiki.example/u/1.png', 'https://avatars.wiki.example/u/2.png']
    expect(images.avatar(own[0])).toBeUndefined()
    expect(images.avatar(own[1])).toBeUndefined()
    expect(images.avatar('https://stranger.example/u/3.png')).toBeUndefined()
    await expect.poll(() => told).toBe(1)
    expect(images.avatar(own[0])).toMatch(/^data:image\/png;base64,/)
    expect(stranger.seen.sort()).toEqual(['avatars.wiki.example/u/1.png', 'avatars.wiki.example/u/2.png'])
    // Known ones (fetched, or refused) are not asked for again.
    images.avatar(own[0])
    images.avatar('https://stranger.example/u/3.png')
    expect(await images.fetchAvatar('https://avatars.wiki.example/u/2.png')).toMatch(/^data:/)
    expect(stranger.seen).toHaveLength(2)
  })

  it('are left out without a wiki address, and a failed one is tried again after retryFailed', async () => {
    expect(await loader({ wikiUrl: '' }).fetchAvatar('https://avatars.wiki.example/u/1.png')).toBeUndefined()
    const images = loader()
    expect(await images.fetchAvatar('https://avatars.wiki.example/u/missing')).toBeUndefined()
    expect(await images.fetchAvatar('https://avatars.wiki.example/u/missing')).toBeUndefined()
    images.retryFailed()
    await images.fetchAvatar('https://avatars.wiki.example/u/missing')
    expect(stranger.seen).toEqual(['avatars.wiki.example/u/missing', 'avatars.wiki.example/u/missing'])
  })
})

describe('onWikiHost', () => {
  it('is the host of the wiki address or a subdomain of it, nothing that only looks like one', () => {
    const on = (u: string) => onWikiHost(new URL(u), 'https://wiki.example/')
    expect(on('https://wiki.example/a')).toBe(true)
    expect(on('https://avatars.wiki.example/a')).toBe(true)
    expect(on('https://wiki.example.evil.example/a')).toBe(false)
    expect(on('https://evilwiki.example/a')).toBe(false)
    expect(onWikiHost(new URL('https://wiki.example/'), 'not a url')).toBe(false)
  })
})

describe('isPublicHost', () => {
  it("refuses this machine's and its network's addresses, by name or number", () => {
    const pub = (u: string) => isPublicHost(new URL(u))
    for (const u of [
      'https://localhost/a.png',
      'https://printer.localhost/a.png',
      'https://127.0.0.1/a.png',
      'https://10.1.2.3/a.png',
      'https://172.20.0.1/a.png',
      'https://192.168.1.1/a.png',
      'https://169.254.169.254/a.png',
      'https://[::1]/a.png',
      'https://[fd00::1]/a.png',
      'https://[fe80::1]/a.png',
      'https://[::ffff:192.168.1.1]/a.png',
      'https://0x7f000001/a.png'
    ])
      expect(pub(u), u).toBe(false)
    for (const u of ['https://images.example/a.png', 'https://93.184.216.34/a.png', 'https://[2606:4700::1]/a.png'])
      expect(pub(u), u).toBe(true)
  })

  it('keeps an article from making the core ask the local network, even once asked', async () => {
    const got = await loader().articleImages(
      ['https://192.168.1.1/img/router.png', 'https://localhost/img/a.png'],
      true
    )
    expect(got).toEqual([null, null])
    expect(stranger.seen).toEqual([])
  })
})

describe('a long list of senders', () => {
  it('asks the wiki host for four avatars at a time', async () => {
    const held: (() => void)[] = []
    let peak = 0
    const server = createServer((_req, res) => {
      held.push(() => res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL))
      peak = Math.max(peak, held.length)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    try {
      const images = createImageLoader({
        clock: new ManualClock(),
        wikiUrl: () => 'https://wiki.example',
        wikiImages: () => false,
        net: { lookup: publicLookup, fetch: (url, _to, init) => fetch(`http://127.0.0.1:${port}${url.pathname}`, init) }
      })
      let told = 0
      images.onAvatars(() => told++)
      const urls = Array.from({ length: 10 }, (_, i) => `https://avatars.wiki.example/u/${i}.png`)
      for (const u of urls) images.avatar(u)
      for (let answered = 0; answered < urls.length; answered++) {
        // Four wait at the server at any time (fewer at the end), never more.
        await expect.poll(() => held.length).toBe(Math.min(4, urls.length - answered))
        held.shift()!()
      }
      expect(peak).toBe(4)
      await expect.poll(() => told).toBe(1)
      expect(urls.every((u) => images.avatar(u)?.startsWith('data:image/png'))).toBe(true)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('an article author avatar', () => {
  it('is waited for one second at most; a late one is kept for the next time', async () => {
    let answer: (() => void) | undefined
    const slow = createServer((_req, res) => {
      answer = () => res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL)
    })
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
    const port = (slow.address() as AddressInfo).port
    try {
      const clock = new ManualClock()
      const images = createImageLoader({
        clock,
        wikiUrl: () => 'https://wiki.example',
        wikiImages: () => false,
        net: { lookup: publicLookup, fetch: (_url, _to, init) => fetch(`http://127.0.0.1:${port}/`, init) }
      })
      const first = images.fetchAvatar('https://avatars.wiki.example/u/1.png')
      await expect.poll(() => answer).toBeDefined()
      clock.advance(1_000)
      expect(await first).toBeUndefined()
      answer!()
      await expect.poll(() => images.avatar('https://avatars.wiki.example/u/1.png')).toMatch(/^data:image\/png/)
    } finally {
      slow.closeAllConnections()
      await new Promise((resolve) => slow.close(resolve))
    }
  })
})
