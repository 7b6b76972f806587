import { lookup as getaddrinfo, promises as dns, type LookupAddress, type LookupOptions } from 'node:dns'
import { request } from 'node:https'
import { isIP } from 'node:net'
import { Readable } from 'node:stream'
import { connect, createSecureContext, getCACertificates, type SecureContext } from 'node:tls'
import type { ImageLookup, ImageNet } from './fetch-image'

/** Statuses whose response has no body: `new Response` refuses one for them. */
const NO_BODY = new Set([101, 103, 204, 205, 304])
/**
 * `dns.lookup` is getaddrinfo on libuv's thread pool (4 threads, shared with file access and every
 * other lookup of the process) and cannot be cancelled (node docs/api/dns.md "Implementation
 * considerations"): image lookups take at most this many of those threads, each until it returns.
 */
const SYSTEM_LOOKUPS = 2
/** One DNS query's wait and tries for a public image host (c-ares: `Resolver` timeout, tries). */
const QUERY_TIMEOUT_MS = 2_500
const QUERY_TRIES = 2

/**
 * The real network for images: a lookup, then an HTTPS GET that connects to the addresses
 * fetch-image.ts checked. Hosts that must be on the internet are resolved by c-ares (`Resolver`,
 * off the thread pool, with a timeout, cancelled when the image is given up); the wiki's host,
 * which may be a name only the user's network or hosts file knows, by the system (getaddrinfo),
 * a few at a time. The socket is made here (`createConnection`): no agent, so no proxy, no reused
 * connection, and `net.connect` asks its `lookup` option, which answers only the checked
 * addresses (node docs/api/net.md, socket.connect `lookup`; `all` with autoSelectFamily).
 */
export interface ImageNetOptions {
  /** The only certificate authority to trust, for tests; Node's and the system's otherwise. */
  ca?: string
  /** DNS servers for public hosts instead of the system's (tests). */
  dnsServers?: string[]
  /** The system's resolver (getaddrinfo), for tests to stand in for. */
  systemLookup?: typeof getaddrinfo
}

export const systemImageNet = httpsImageNet()

/**
 * The authorities an image server's certificate is checked against: Node's and the operating
 * system's (node docs/api/tls.md `getCACertificates('system')`), as the app's requests to the
 * services trust it, so a self-hosted wiki with a company's own authority shows its images too.
 * Made once: a context per connection would parse every certificate again.
 */
let systemTrust: SecureContext | undefined
function trusted(): SecureContext {
  if (!systemTrust) {
    let system: string[] = []
    try {
      system = getCACertificates('system')
    } catch {
      // No readable system store: Node's own authorities still apply.
    }
    systemTrust = createSecureContext({ ca: [...new Set([...getCACertificates('default'), ...system])] })
  }
  return systemTrust
}

export function httpsImageNet(options: ImageNetOptions = {}): ImageNet {
  const local = limitedSystemLookup(options.systemLookup ?? getaddrinfo)
  const given = options.ca === undefined ? undefined : createSecureContext({ ca: options.ca })
  const pub = publicLookup(options.dnsServers)
  return {
    lookup: (host, how) => {
      const family = isIP(host)
      if (family) return Promise.resolve([{ address: host, family }])
      return how.local ? local(host, how) : pub(host, how)
    },
    fetch: (url, to, { headers, signal }) =>
      new Promise((resolve, reject) => {
        const pinned = (
          _host: string,
          opts: LookupOptions,
          done: (err: null, address: string | LookupAddress[], family?: number) => void
        ) => (opts.all ? done(null, to) : done(null, to[0]!.address, to[0]!.family))
        const host = url.hostname.replace(/^\[|\]$/g, '')
        const socket = () =>
          connect({
            host,
            port: Number(url.port || 443),
            servername: isIP(host) ? undefined : host,
            secureContext: given ?? trusted(),
            lookup: pinned as never,
            ALPNProtocols: ['http/1.1']
          })
        const req = request(url, { headers, signal, createConnection: socket }, (res) => {
          const status = res.statusCode ?? 0
          // A Response holds 200–599 only (it throws a RangeError otherwise): anything else is no image.
          if (status < 200 || status > 599) {
            res.destroy()
            return reject(new Error(`status ${status}`))
          }
          const head = new Headers()
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) head.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!)
          const body = NO_BODY.has(status) ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>)
          if (!body) res.resume()
          resolve(new Response(body, { status, headers: head }))
        })
        req.on('error', reject)
        req.end()
      })
  }
}

/** c-ares queries, A and AAAA, cancelled with the image. */
function publicLookup(servers: string[] | undefined): ImageLookup {
  return async (host, { signal }) => {
    signal.throwIfAborted()
    const resolver = new dns.Resolver({ timeout: QUERY_TIMEOUT_MS, tries: QUERY_TRIES })
    if (servers) resolver.setServers(servers)
    const cancel = () => resolver.cancel()
    signal.addEventListener('abort', cancel, { once: true })
    try {
      const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)])
      const found: LookupAddress[] = [
        ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
        ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : [])
      ]
      if (found.length === 0 && v4.status === 'rejected') throw v4.reason
      return found
    } finally {
      signal.removeEventListener('abort', cancel)
    }
  }
}

/** getaddrinfo, SYSTEM_LOOKUPS at a time; one waiting for its turn is dropped when its image is. */
function limitedSystemLookup(system: typeof getaddrinfo): ImageLookup {
  let running = 0
  const waiting: (() => void)[] = []
  return (host, { signal }) =>
    new Promise((resolve, reject) => {
      const start = () => {
        running++
        system(host, { all: true }, (err, found) => {
          running--
          waiting.shift()?.()
          if (err) reject(err)
          else resolve(found)
        })
      }
      if (signal.aborted) return reject(signal.reason)
      if (running < SYSTEM_LOOKUPS) return start()
      const turn = () => {
        signal.removeEventListener('abort', drop)
        start()
      }
      const drop = () => {
        waiting.splice(waiting.indexOf(turn), 1)
        reject(signal.reason)
      }
      waiting.push(turn)
      signal.addEventListener('abort', drop, { once: true })
    })
}
