/**
 * An article's images never hold up the rest of the app: a public host's name is asked of DNS
 * itself (off the thread pool every other lookup and file access shares) and the question is
 * cancelled when the image is given up; the wiki's host, which only the system's resolver may
 * know, takes at most two of those threads; and whatever a server answers, the call settles.
 */
import { createSocket, type Socket } from 'node:dgram'
import { lookup as getaddrinfo, promises as dns } from 'node:dns'
import { createServer as createHttpsServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createImageLoader } from '../../../src/main/core/images/loader'
import { httpsImageNet } from '../../../src/main/core/images/system-net'
import { ManualClock } from '../../support/manual-clock'
import { makePrivateCa } from '../../support/private-ca'
import { PIXEL } from '../../stranger/server'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** A DNS server that hears every question and answers none, as one behind a dead link. */
async function silentDns(): Promise<{ server: string; asked: string[] }> {
  const socket: Socket = createSocket('udp4')
  const asked: string[] = []
  socket.on('message', (msg) => {
    // The question's name: length-prefixed labels after the 12-byte header (RFC 1035 4.1.2).
    const labels: string[] = []
    for (let at = 12; msg[at]! > 0 && at < msg.length; at += msg[at]! + 1)
      labels.push(msg.subarray(at + 1, at + 1 + msg[at]!).toString())
    asked.push(labels.join('.'))
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => socket.close(() => resolve())))
  return { server: `127.0.0.1:${(socket.address() as AddressInfo).port}`, asked }
}

describe('public image hosts whose DNS never answers', () => {
  it('are asked of DNS, leave the system resolver free, and are given up with their images', async () => {
    const dnsServer = await silentDns()
    const clock = new ManualClock()
    const images = createImageLoader({
      clock,
      wikiUrl: () => 'https://wiki.example',
      wikiImages: () => false,
      net: httpsImageNet({ dnsServers: [dnsServer.server] })
    })
    const hosts = Array.from({ length: 8 }, (_, i) => `img${i}.dead.example`)
    const call = images.articleImages(
      hosts.map((h) => `https://${h}/a.png`),
      true
    )
    let settled = false
    void call.then(() => (settled = true))
    await vi.waitFor(() => expect(new Set(dnsServer.asked).size).toBe(4))
    // The system's resolver answers meanwhile: no thread of its pool waits on those hosts.
    expect(await dns.lookup('localhost')).toMatchObject({ address: expect.any(String) })
    expect(settled).toBe(false)
    // Each image gives up at its timeout; the next four are asked and given up in turn.
    clock.advance(15_000)
    await vi.waitFor(() => expect(new Set(dnsServer.asked).size).toBe(8))
    clock.advance(15_000)
    expect(await call).toEqual(hosts.map(() => null))
  })
})

describe("the wiki's host, looked up by the system", () => {
  it('takes at most two lookups at a time; one still waiting is dropped with its avatar', async () => {
    const clock = new ManualClock()
    let started = 0
    // getaddrinfo for a name whose DNS never answers: it holds its thread and never calls back.
    const stuck = ((_host: string, _opts: unknown, _done: unknown) => void started++) as unknown as typeof getaddrinfo
    const images = createImageLoader({
      clock,
      wikiUrl: () => 'https://wiki.example',
      wikiImages: () => false,
      net: httpsImageNet({ systemLookup: stuck })
    })
    const avatars = Array.from({ length: 4 }, (_, i) => images.fetchAvatar(`https://wiki.example/u/${i}.png`))
    clock.advance(1_000)
    expect(await Promise.all(avatars)).toEqual([undefined, undefined, undefined, undefined])
    expect(started).toBe(2)
    clock.advance(5_000)
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toBe(2)
  })
})

describe('an image server answering a status no response may have', () => {
  it.each([999, 600])('%i: the image is not shown and the call settles', async (status) => {
    const ca = makePrivateCa()
    const server: Server = createHttpsServer({ cert: ca.cert, key: ca.key }, (req, res) =>
      req.url === '/ok.png'
        ? res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL)
        : res.writeHead(status).end()
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    closers.push(async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    })
    const { port } = server.address() as AddressInfo
    const images = createImageLoader({
      clock: new ManualClock(),
      wikiUrl: () => `https://localhost:${port}`,
      wikiImages: () => true,
      net: httpsImageNet({ ca: ca.caPem, systemLookup: getaddrinfo })
    })
    const got = await images.articleImages(
      [`https://localhost:${port}/odd.png`, `https://localhost:${port}/ok.png`],
      false
    )
    expect(got[0]).toBeNull()
    expect(got[1]).toMatch(/^data:image\/png/)
  })
})
