import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ImageLookup, ImageNet } from '../../src/main/core/images/fetch-image'

/**
 * A stranger's image server, for tests of private previews: it answers for any host (the host is
 * the first path segment: `/<host>/<path>`) and remembers every request that reached it, so a
 * test can say exactly who asked for what. `net` is what the core's image loader gets in tests:
 * every name resolves to a public address, and `https://<host>/<path>` goes here instead.
 */
export interface Stranger {
  /** `<host><path>` of every request, in the order they came. */
  readonly seen: string[]
  /** Headers of every request, in the same order. */
  readonly headers: IncomingMessage['headers'][]
  readonly net: ImageNet
  /** Where `https://<host>/<path>` really goes. */
  local(url: string): string
  close(): Promise<void>
}

/** Every name is somewhere on the internet (an address of no special-purpose block). */
export const publicLookup: ImageLookup = async () => [{ address: '93.184.215.14', family: 4 }]

/** The smallest PNG: one transparent pixel. */
export const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64'
)

/** What a path asks for (by its name), so one article can try every case. */
function answer(path: string, res: ServerResponse): void {
  const name = path.split('/').pop() ?? ''
  if (name.startsWith('redirect-away'))
    return void res.writeHead(302, { location: 'https://elsewhere.example/img/away.png' }).end()
  if (name.startsWith('redirect-home')) return void res.writeHead(302, { location: '/img/home.png' }).end()
  if (name.startsWith('not-image')) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>')
  if (name.startsWith('lying')) return void res.writeHead(200, { 'content-type': 'image/png' }).end('<p>hi</p>')
  if (name.startsWith('huge')) {
    res.writeHead(200, { 'content-type': 'image/png' })
    return void res.end(Buffer.concat([PIXEL, Buffer.alloc(3 * 1024 * 1024)]))
  }
  if (name.startsWith('cookie')) res.setHeader('set-cookie', 'track=1; Path=/')
  if (name.endsWith('.svg'))
    return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>')
  if (name.endsWith('.png')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL)
  res.writeHead(404).end()
}

export async function startStranger(): Promise<Stranger> {
  const seen: string[] = []
  const headers: IncomingMessage['headers'][] = []
  const server = createServer((req, res) => {
    const path = req.url ?? '/'
    seen.push(path.slice(1))
    headers.push(req.headers)
    answer(path, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const local = (url: string) => {
    const u = new URL(url)
    return `http://127.0.0.1:${port}/${u.host}${u.pathname}${u.search}`
  }
  return {
    seen,
    headers,
    local,
    net: { lookup: publicLookup, fetch: (url, _to, init) => fetch(local(url.href), { ...init, redirect: 'manual' }) },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
