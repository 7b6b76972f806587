/**
 * What the wiki's own host may reach that no one else's may: the wiki's port only (another port
 * of the same machine is another service), and the user's network only for the wiki's very host
 * (a self-hosted wiki) or a subdomain of a wiki that is itself on the user's network.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ImageLookup } from '../../../src/main/core/images/fetch-image'
import { createImageLoader } from '../../../src/main/core/images/loader'
import { ManualClock } from '../../support/manual-clock'
import { startStranger, type Stranger } from '../../stranger/server'

let stranger: Stranger
beforeEach(async () => {
  stranger = await startStranger()
})
afterEach(() => stranger.close())

/** The names' addresses: anything not listed is on the internet. */
const addresses =
  (table: Record<string, string>): ImageLookup =>
  async (host) => [{ address: table[host] ?? '93.184.215.14', family: 4 }]

function loader(wikiUrl: string, lookup: ImageLookup = addresses({})) {
  return createImageLoader({
    clock: new ManualClock(),
    wikiUrl: () => wikiUrl,
    wikiImages: () => true,
    net: { ...stranger.net, lookup }
  })
}

describe("the wiki's port", () => {
  it("an image or avatar on another port of the wiki's host is not fetched, asked or not", async () => {
    const images = loader('https://wiki.example')
    const urls = [
      'https://wiki.example:22/a.png',
      'https://avatars.wiki.example:8080/b.png',
      'https://wiki.example/c.png'
    ]
    expect((await images.articleImages(urls, false)).map((d) => d !== null)).toEqual([false, false, true])
    expect((await images.articleImages(urls, true)).map((d) => d !== null)).toEqual([false, false, true])
    expect(await images.fetchAvatar('https://avatars.wiki.example:8443/u/1.png')).toBeUndefined()
    expect(stranger.seen).toEqual(['wiki.example/c.png', 'wiki.example/c.png'])
  })

  it('a wiki on its own port is reached on that port, and only there', async () => {
    const images = loader('https://wiki.example:8443/')
    const urls = ['https://wiki.example:8443/a.png', 'https://wiki.example/b.png']
    expect((await images.articleImages(urls, false)).map((d) => d !== null)).toEqual([true, false])
    expect(stranger.seen).toEqual(['wiki.example:8443/a.png'])
  })
})

describe("the user's network", () => {
  it("the wiki's own host may be there: a self-hosted wiki's images show", async () => {
    const images = loader('https://wiki.example', addresses({ 'wiki.example': '192.168.1.20' }))
    expect(await images.fetchAvatar('https://wiki.example/u/1.png')).toMatch(/^data:image\/png/)
  })

  it('a subdomain resolving there while the wiki is on the internet is never asked', async () => {
    const lookup = addresses({ 'avatars.wiki.example': '127.0.0.1', 'admin.wiki.example': '10.0.0.1' })
    const images = loader('https://wiki.example', lookup)
    expect(await images.fetchAvatar('https://avatars.wiki.example/u/1.png')).toBeUndefined()
    expect(await images.articleImages(['https://admin.wiki.example/reboot.png'], true)).toEqual([null])
    expect(stranger.seen).toEqual([])
  })

  it("a subdomain of a wiki that is itself on the user's network may be there too", async () => {
    const lookup = addresses({ 'wiki.corp.example': '10.0.0.5', 'avatars.wiki.corp.example': '10.0.0.6' })
    const images = loader('https://wiki.corp.example', lookup)
    expect(await images.fetchAvatar('https://avatars.wiki.corp.example/u/1.png')).toMatch(/^data:image\/png/)
  })
})
