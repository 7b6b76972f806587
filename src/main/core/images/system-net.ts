import { lookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { request } from 'node:https'
import { Readable } from 'node:stream'
import type { ImageNet } from './fetch-image'

/** Statuses whose response has no body: `new Response` refuses one for them. */
const NO_BODY = new Set([101, 103, 204, 205, 304])

/**
 * The real network for images: the system resolver, then an HTTPS GET that connects to the
 * addresses fetch-image.ts checked. Node's `net.connect` asks its `lookup` option for the address
 * instead of resolving (node docs/api/net.md, socket.connect `lookup`), with `all: true` when it may
 * try several in turn (autoSelectFamily, on by default since Node 20): either way, only these.
 * Each request opens its own connection (`agent: false`), so none is reused across hosts.
 */
export const systemImageNet = httpsImageNet()

/** `ca`: the only certificate authority to trust, for tests; the system's otherwise. */
export function httpsImageNet(ca?: string): ImageNet {
  return {
    lookup: (host) =>
      new Promise((resolve, reject) =>
        lookup(host, { all: true }, (err, found) => (err ? reject(err) : resolve(found)))
      ),
    fetch: (url, to, { headers, signal }) =>
      new Promise((resolve, reject) => {
        const pinned = (
          _host: string,
          opts: LookupOptions,
          done: (err: null, address: string | LookupAddress[], family?: number) => void
        ) => (opts.all ? done(null, to) : done(null, to[0]!.address, to[0]!.family))
        const req = request(url, { headers, signal, ca, agent: false, lookup: pinned as never }, (res) => {
          const head = new Headers()
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) head.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!)
          const status = res.statusCode ?? 502
          const body = NO_BODY.has(status) ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>)
          if (!body) res.resume()
          resolve(new Response(body, { status, headers: head }))
        })
        req.on('error', reject)
        req.end()
      })
  }
}
