import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { addExtraFields, removeFields, truncateJson, type Fault, type FaultBox } from './faults'
import { invalidParams, notFound } from './media/errors'
import type { RateLimiter } from './ratelimit'
import { singleValued } from './single-valued'
import type { EmuContext, EmuRequest, EmuResponse, EmuService } from './types'

/**
 * The HTTP frame shared by both services: parses each request once, applies injected faults and
 * the rate limit, dispatches to the service that owns the path, and logs what was sent.
 */
export interface RequestLogEntry {
  method: string
  path: string
  query: string
  status: number
  bytes: number
  at: number
}

export interface FrameOptions {
  ctx: EmuContext
  /** Chooses the service for a path; the wiki owns `/api/v1/`. */
  route: (path: string) => EmuService
  faults: FaultBox
  /** Applied to paths for which `rateLimited(path)` holds. */
  limiter: RateLimiter | undefined
  rateLimited: (path: string) => boolean
  log: (entry: RequestLogEntry) => void
  /** Served over HTTPS with this certificate (a private CA's, in the tests of one). */
  tls?: { cert: string; key: string }
}

function parseBody(
  raw: string,
  contentType: string,
  lastWins: boolean
): Record<string, unknown> | undefined | 'invalid' {
  if (raw.trim() === '') return undefined
  const asJson = (): Record<string, unknown> | 'invalid' => {
    try {
      const v: unknown = JSON.parse(raw)
      return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { _json: v }
    } catch {
      return 'invalid'
    }
  }
  if (contentType.includes('json')) return asJson()
  if (contentType.includes('x-www-form-urlencoded') || !/^\s*[[{]/.test(raw)) {
    return Object.fromEntries(singleValued(new URLSearchParams(raw), lastWins))
  }
  return asJson()
}

function tokenOf(req: EmuRequest, remote: string): string {
  const m = /^bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')
  return m?.[1] ?? req.query.get('access_token') ?? remote
}

function flatHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v
  return out
}

export class Frame {
  private server: http.Server
  private port = 0

  constructor(private readonly o: FrameOptions) {
    const handler: http.RequestListener = (req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        this.serve(req, res, Buffer.concat(chunks).toString('utf8')).catch((e: unknown) => {
          if (!res.headersSent) {
            res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
            res.end(JSON.stringify({ errors: [{ type: 'server_error', message: String(e) }] }))
          }
        })
      })
    }
    this.server = o.tls ? https.createServer(o.tls, handler) : http.createServer(handler)
    this.server.keepAliveTimeout = 5000
  }

  get listeningPort(): number {
    return this.port
  }

  async listen(port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject)
        resolve()
      })
    })
    this.port = (this.server.address() as AddressInfo).port
    return this.port
  }

  /** Stops accepting and drops open keep-alive sockets, so clients see the server as gone. */
  async stop(): Promise<void> {
    if (!this.server.listening) return
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    this.server.closeAllConnections()
    await closed
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse, rawBody: string): Promise<void> {
    const { ctx, faults } = this.o
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const method = (req.method ?? 'GET').toUpperCase()
    const log = (status: number, bytes: number): void =>
      this.o.log({ method, path: url.pathname, query: url.search.replace(/^\?/, ''), status, bytes, at: ctx.now() })

    // A reset or a hang after commit and a garbled 200 only mean something for a request the
    // service handled (the write is committed, the answer lost): taken then, never by a 429 or 5xx.
    const afterHandling = (f: Fault): boolean =>
      f.kind === 'reset-after-commit' || f.kind === 'hang-after-commit' || f.kind === 'malformed-json'
    const hits = faults.take(method, url.pathname, (f) => !afterHandling(f))
    const latency = hits.reduce((ms, f) => ms + (f.kind === 'latency' ? f.ms : 0), 0)
    if (latency > 0) await new Promise((r) => setTimeout(r, latency))
    if (hits.some((f) => f.kind === 'reset')) {
      log(0, 0)
      req.socket.destroy()
      return
    }
    const injected = hits.find((f) => f.kind === 'status')
    const parsed = parseBody(rawBody, req.headers['content-type'] ?? '', ctx.quirks)
    const emuReq: EmuRequest = {
      method,
      path: url.pathname,
      query: singleValued(url.searchParams, ctx.quirks),
      headers: flatHeaders(req.headers),
      body: parsed === 'invalid' ? undefined : parsed,
      rawBody
    }

    let response: EmuResponse
    let handled = false
    if (injected && injected.kind === 'status') {
      response =
        injected.status === 429
          ? { status: 429, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Too Many Requests' }
          : { status: injected.status, body: { errors: [{ type: 'server_error', message: 'injected fault' }] } }
    } else if (
      this.o.limiter &&
      this.o.rateLimited(url.pathname) &&
      !this.o.limiter.allow(tokenOf(emuReq, req.socket.remoteAddress ?? ''))
    ) {
      // Plain text and no Retry-After, as the live service does.
      response = { status: 429, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Retry later\n' }
    } else if (parsed === 'invalid') {
      response = invalidParams(ctx.quirks, 'リクエストの形式が不正です', 'Malformed JSON body.').response
    } else {
      handled = true
      // A path no service owns gets the same error body as an unknown `/v1` route.
      response = (await this.o.route(url.pathname).handle(emuReq)) ?? notFound(ctx.quirks).response
    }

    let status = response.status
    const headers: Record<string, string> = { ...response.headers }
    let body = response.body
    if (typeof body !== 'string' && body !== undefined) {
      for (const f of hits) {
        if (f.kind === 'extra-fields') body = addExtraFields(body)
        if (f.kind === 'missing-fields') body = removeFields(body, f.fields)
      }
    }
    let text: string | undefined
    if (typeof body === 'string') {
      text = body
      headers['content-type'] ??= 'text/plain; charset=utf-8'
    } else if (body !== undefined) {
      text = JSON.stringify(body)
      headers['content-type'] ??= 'application/json; charset=utf-8'
    }
    const late = handled ? faults.take(method, url.pathname, afterHandling) : []
    if (late.some((f) => f.kind === 'malformed-json')) {
      status = 200
      text = truncateJson(text)
      headers['content-type'] = 'application/json; charset=utf-8'
    }
    if (late.some((f) => f.kind === 'reset-after-commit')) {
      // The handler ran and its write is committed; the client only sees a dropped connection.
      log(0, 0)
      req.socket.destroy()
      return
    }
    const hang = late.find((f): f is Extract<Fault, { kind: 'hang-after-commit' }> => f.kind === 'hang-after-commit')
    if (hang) {
      // Committed, never answered: the socket closes when the client goes away or the emulator stops.
      log(0, 0)
      hang.committed?.(text)
      return
    }
    const bodiless = status === 204 || status === 304
    if (bodiless) text = undefined
    const bytes = text === undefined ? 0 : Buffer.byteLength(text)
    if (!bodiless) headers['content-length'] = String(bytes)
    res.writeHead(status, headers)
    res.end(text)
    log(status, bytes)
  }
}
