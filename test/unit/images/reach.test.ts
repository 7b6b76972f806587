import { createServer as createHttpsServer } from 'node:https'
import { createServer, type AddressInfo, type Server } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { fetchImage, type ImageRequest } from '../../../src/main/core/images/fetch-image'
import { createImageLoader } from '../../../src/main/core/images/loader'
import { isPublicAddress, isPublicHost } from '../../../src/main/core/images/policy'
import { httpsImageNet, systemImageNet } from '../../../src/main/core/images/system-net'
import { PIXEL, startStranger, type Stranger } from '../../stranger/server'

/**
 * What an article's images may reach once the user presses "Load images": hosts on the internet,
 * on the HTTPS port, judged by the addresses their names resolve to, and connected to at those
 * very addresses.
 */
const clock = new ManualClock()
const anyHost: ImageRequest = { allowed: () => true, mayBeLocal: () => false, maxBytes: 64 * 1024, timeoutMs: 5_000 }

describe('a name that resolves to this machine', () => {
  let listener: Server
  let port = 0
  let connections = 0
  beforeEach(async () => {
    connections = 0
    // A plain TCP listener, as an internal service would be: it counts who connects at all.
    listener = createServer((socket) => {
      connections++
      socket.destroy()
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    port = (listener.address() as AddressInfo).port
  })
  afterEach(() => new Promise((resolve) => listener.close(resolve)))

  const toLoopback = { ...systemImageNet, lookup: async () => [{ address: '127.0.0.1', family: 4 }] }
  const url = () => `https://intranet.example:${port}/api/reboot?x`

  it('is never connected to', async () => {
    expect(await fetchImage(toLoopback, clock, url(), anyHost)).toBeUndefined()
    expect(connections).toBe(0)
  })

  it('is connected to at the checked address itself when it may be local (the wiki): no second lookup', async () => {
    // intranet.example has no address in any real DNS: a connection can only come from the pinned one.
    const wiki = { ...anyHost, mayBeLocal: () => true }
    expect(await fetchImage(toLoopback, clock, url(), wiki)).toBeUndefined()
    expect(connections).toBe(1)
  })
})

/** A certificate for images.example alone, made for this test (its key protects nothing). */
const CERT = `-----BEGIN CERTIFICATE-----
MIIBpTCCAUqgAwIBAgIUai5+B9C5PoIk+K0tUdIYF8bOlSIwCgYIKoZIzj0EAwIw
GTEXMBUGA1UEAwwOaW1hZ2VzLmV4YW1wbGUwIBcNMjYxMTI4MDUyOTA4WhgPMjEy
NjExMDQwNTI5MDhaMBkxFzAVBgNVBAMMDmltYWdlcy5leGFtcGxlMFkwEwYHKoZI
zj0CAQYIKoZIzj0DAQcDQgAERwyVSCHmM2iTVKuQMYJMn4IIiCXI7qg5nuQecQ7y
hvxpGI4ErQ3IFeenjLVgbElexlRj/XubUm7ulntp3sP2sKNuMGwwHQYDVR0OBBYE
FI6/OjEkzweNqZa0oY73QQxPSZ0TMB8GA1UdIwQYMBaAFI6/OjEkzweNqZa0oY73
QQxPSZ0TMA8GA1UdEwEB/wQFMAMBAf8wGQYDVR0RBBIwEIIOaW1hZ2VzLmV4YW1w
bGUwCgYIKoZIzj0EAwIDSQAwRgIhAOrxP3RUJ129G8M8sQzwm7TLNGcJncPdhtEl
svf48EwmAiEAw4zihT8FC0QYS336C9jaKxyaNbs4J6qQwayBEnJVomo=
-----END CERTIFICATE-----`
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgdrw22p9iP5NRoOPS
3vo3+mr97kKPr+byIS6ow7AU4yuhRANCAARHDJVIIeYzaJNUq5AxgkyfggiIJcju
qDme5B5xDvKG/GkYjgStDcgV56eMtWBsSV7GVGP9e5tSbu6We2new/aw
-----END PRIVATE KEY-----`

describe('the connection', () => {
  it('goes to the checked address, and the certificate is checked for the name', async () => {
    const server = createHttpsServer({ cert: CERT, key: KEY }, (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL)
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const port = (server.address() as AddressInfo).port
      const net = { ...httpsImageNet({ ca: CERT }), lookup: async () => [{ address: '127.0.0.1', family: 4 }] }
      const local = { ...anyHost, mayBeLocal: () => true }
      const got = await fetchImage(net, clock, `https://images.example:${port}/a.png`, local)
      expect(got).toBe(`data:image/png;base64,${PIXEL.toString('base64')}`)
      expect(await fetchImage(net, clock, `https://other.example:${port}/a.png`, local)).toBeUndefined()
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

/** One address in each block no public image server lives in (IANA special-purpose registries). */
const RANGES: [range: string, address: string][] = [
  ['0.0.0.0/8 "this network"', '0.1.2.3'],
  ['10.0.0.0/8 private', '10.1.2.3'],
  ['100.64.0.0/10 CGNAT', '100.100.1.1'],
  ['127.0.0.0/8 loopback', '127.0.0.2'],
  ['169.254.0.0/16 link-local', '169.254.169.254'],
  ['172.16.0.0/12 private', '172.31.255.1'],
  ['192.0.0.0/24 protocol assignments', '192.0.0.170'],
  ['192.0.2.0/24 documentation', '192.0.2.10'],
  ['192.88.99.0/24 6to4 relay', '192.88.99.1'],
  ['192.168.0.0/16 private', '192.168.1.1'],
  ['198.18.0.0/15 benchmarking', '198.19.0.1'],
  ['198.51.100.0/24 documentation', '198.51.100.7'],
  ['203.0.113.0/24 documentation', '203.0.113.9'],
  ['224.0.0.0/4 multicast', '239.255.255.250'],
  ['240.0.0.0/4 reserved', '250.1.2.3'],
  ['255.255.255.255 broadcast', '255.255.255.255'],
  ['::/128 unspecified', '::'],
  ['::1 loopback', '::1'],
  ['::/96 IPv4-compatible', '::7f00:1'],
  ['::ffff:0:0/96 IPv4-mapped', '::ffff:10.0.0.1'],
  ['64:ff9b::/96 NAT64 of a private address', '64:ff9b::c0a8:101'],
  ['64:ff9b:1::/48 local-use NAT64', '64:ff9b:1::5db8:d70e'],
  ['100::/64 discard-only', '100::1'],
  ['2001::/32 Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['2001:2::/48 benchmarking', '2001:2::1'],
  ['2001:db8::/32 documentation', '2001:db8::1'],
  ['3fff::/20 documentation', '3fff::1'],
  ['2002::/16 6to4 of a private address', '2002:a00:1::1'],
  ['fc00::/7 unique-local', 'fd12:3456::1'],
  ['fe80::/10 link-local', 'fe80::1'],
  ['fec0::/10 site-local', 'fec0::1'],
  ['ff00::/8 multicast', 'ff02::1']
]

describe.each(RANGES)('%s', (_range, address) => {
  let seen: Stranger
  beforeEach(async () => {
    seen = await startStranger()
  })
  afterEach(() => seen.close())

  it('is refused as a name resolves to it and as an address written in the article', async () => {
    const net = { ...seen.net, lookup: async () => [{ address, family: address.includes(':') ? 6 : 4 }] }
    expect(await fetchImage(net, clock, 'https://images.example/a.png', anyHost)).toBeUndefined()
    expect(seen.seen).toEqual([])
    const literal = address.includes(':') ? `[${address}]` : address
    expect(isPublicHost(new URL(`https://${literal}/a.png`))).toBe(false)
  })
})

describe('public addresses', () => {
  it('pass, also when NAT64 or 6to4 carries them', () => {
    for (const a of ['93.184.215.14', '2606:4700::1', '64:ff9b::5db8:d70e', '2002:5db8:d70e::1', '100.63.0.1'])
      expect(isPublicAddress(a), a).toBe(true)
  })

  it('a name with one public and one private address is refused: either may be connected to', async () => {
    const seen = await startStranger()
    try {
      const lookup = async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.1', family: 4 }
      ]
      const got = await fetchImage({ ...seen.net, lookup }, clock, 'https://images.example/a.png', anyHost)
      expect(got).toBeUndefined()
      expect(seen.seen).toEqual([])
    } finally {
      await seen.close()
    }
  })
})

describe('names only a local network knows', () => {
  it.each([
    'printer',
    'printer.',
    'localhost.',
    'nas.local',
    'router.lan',
    'db.internal',
    'hub.home.arpa',
    'app.localhost.'
  ])('%s is refused before it is looked up', (host) => {
    expect(isPublicHost(new URL(`https://${host}/a.png`))).toBe(false)
  })
})

describe('ports', () => {
  it("an article's image on another port than HTTPS's is not fetched; the wiki's host on the wiki's own port is", async () => {
    const seen = await startStranger()
    try {
      const images = createImageLoader({
        clock,
        wikiUrl: () => 'https://wiki.example:8443',
        wikiImages: () => false,
        net: seen.net
      })
      const got = await images.articleImages(
        ['https://images.example:8443/a.png', 'https://images.example:22/b.png', 'https://wiki.example:8443/c.png'],
        true
      )
      expect(got.map((d) => d !== null)).toEqual([false, false, true])
      expect(seen.seen).toEqual(['wiki.example:8443/c.png'])
    } finally {
      await seen.close()
    }
  })
})
