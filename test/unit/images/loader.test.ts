import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/main/core/clock'
import { createImageLoader } from '../../../src/main/core/images/loader'
import { onWikiHost } from '../../../src/main/core/images/policy'
import { startStranger, type Stranger } from '../../stranger/server'

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
    fetch: stranger.fetch
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
