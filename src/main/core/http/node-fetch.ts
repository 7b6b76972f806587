import { request as httpRequest, type Agent as HttpAgent, type IncomingMessage } from 'node:http'
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https'

/**
 * The part of `fetch` the HTTP sender uses (request.ts). Global fetch and Electron's `net.fetch`
 * (the app, shell/net-fetch.ts) satisfy it; so does `nodeFetchThrough` below, which the command
 * line uses (cli/network.ts) because Node loads undici, its fetch implementation, on the first
 * call, and it stays resident in `onair run` for as long as it runs.
 */
export interface FetchInit {
  method: string
  headers: Record<string, string>
  body?: string
  signal?: AbortSignal
  redirect?: 'error'
}

export interface FetchResponse {
  readonly status: number
  readonly headers: { get(name: string): string | null }
  text(): Promise<string>
}

export type FetchLike = (url: URL, init: FetchInit) => Promise<FetchResponse>

/** The agents requests go through (a proxy, extra certificate authorities); Node's global ones if unset. */
export interface NodeAgents {
  http?: HttpAgent
  https?: HttpsAgent
}

/**
 * `fetch` over node:http(s), failing the way fetch fails so the sender's error mapping holds for
 * both: an aborted or timed-out signal rejects with the signal's reason (`TimeoutError`), a socket
 * failure with a TypeError whose `cause` carries the code (ECONNREFUSED, ECONNRESET, …), and a
 * redirect, which `redirect: 'error'` refuses, with a TypeError.
 */
export const nodeFetchThrough =
  (agents: NodeAgents): FetchLike =>
  (url, init) =>
    new Promise<FetchResponse>((resolve, reject) => {
      const { signal } = init
      if (signal?.aborted) return reject(signal.reason)
      let response: IncomingMessage | undefined
      const fail = (e: unknown) => (signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: e }))
      const https = url.protocol === 'https:'
      const agent = https ? agents.https : agents.http
      const options = { method: init.method, headers: init.headers, ...(agent ? { agent } : {}) }
      const req = (https ? httpsRequest : httpRequest)(url, options, (res) => {
        response = res
        const status = res.statusCode ?? 0
        if (init.redirect === 'error' && status >= 300 && status < 400 && res.headers.location) {
          res.destroy()
          return reject(new TypeError('fetch failed', { cause: new Error('redirect refused') }))
        }
        const body = new Promise<string>((done, broken) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => done(Buffer.concat(chunks).toString('utf8')))
          res.on('error', (e) => broken(fail(e)))
        })
        // The sender always reads the body; this only keeps an unread failure from going unhandled.
        body.catch(() => undefined)
        resolve({
          status,
          headers: {
            get: (name) => {
              const value = res.headers[name.toLowerCase()]
              return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
            }
          },
          text: () => body
        })
      })
      const abort = () => {
        req.destroy(signal?.reason)
        response?.destroy(signal?.reason)
      }
      signal?.addEventListener('abort', abort, { once: true })
      req.on('close', () => signal?.removeEventListener('abort', abort))
      req.on('error', (e) => reject(fail(e)))
      req.end(init.body)
    })
