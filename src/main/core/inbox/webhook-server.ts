import { timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { systemClock, type Clock } from '../clock'
import { parseWebhookBody, type WebhookEvent } from '../wiki/webhooks'
import { listenForPath, refuseMalformedRequests } from '../http/loopback-server'
import { createConnectionGate } from './connection-gate'

/**
 * The local webhook receiver. The wiki signs nothing, so the only gate is a random secret in the
 * path; everything else about a request is untrusted. Checks run cheapest first (path, method,
 * content type, declared size) so junk costs nothing; the answer goes out before the event is
 * handled, so a slow consumer never delays the sender. One bad request never affects another.
 * Connections pass connection-gate.ts first, so strangers holding sockets open cannot crowd out
 * the wiki's deliveries.
 */
export const WEBHOOK_MAX_BYTES = 256 * 1024
export const WEBHOOK_PATH_PREFIX = '/hooks/'

export interface WebhookServerOptions {
  /** 0 picks a free port. */
  port: number
  secret: string
  onEvent: (event: WebhookEvent) => void
  /** Told about failures of `onEvent` (the sender already got its answer). */
  onError?: (err: unknown) => void
  /** Slow-loris guard: the body must arrive within this time of the headers. Default 10 s. */
  requestTimeoutMs?: number
  /** Request line and headers must arrive within this time of connecting. Default 1.5 s (loopback). */
  headerDeadlineMs?: number
  /** Runs the header deadline; tests pass a ManualClock. */
  clock?: Clock
}

/** 64 connections in all, as before, but strangers can only ever hold the pending part. */
export const PENDING_BUDGET = 48
export const ACCEPTED_BUDGET = 16

export interface WebhookServer {
  /** The full address to register, secret included. */
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

/**
 * Every answer closes its connection: the wiki sends one event per request, and a kept-alive
 * socket would outlive the gate's header deadline with no one watching it.
 */
function reply(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  if (res.headersSent) return
  const body = JSON.stringify({ status })
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    connection: 'close',
    ...headers
  })
  res.end(body)
}

function sameSecret(path: string, expected: string): boolean {
  const a = Buffer.from(path)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

function isJson(contentType: string | undefined): boolean {
  const media = contentType?.split(';')[0]?.trim().toLowerCase()
  return media === 'application/json'
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads at most `limit` bytes within `deadlineMs`: 'too_large' as soon as the body is larger,
 * 'timeout' when it trickles in too slowly (reading stops at once either way).
 */
function readBody(
  req: IncomingMessage,
  limit: number,
  clock: Clock,
  deadlineMs: number
): Promise<Buffer | 'too_large' | 'timeout'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = (outcome: 'too_large' | 'timeout') => {
      req.removeAllListeners('data')
      req.pause()
      resolve(outcome)
    }
    const timer = clock.setTimeout(() => stop('timeout'), deadlineMs)
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        clock.clearTimeout(timer)
        stop('too_large')
      } else chunks.push(chunk)
    })
    req.on('end', () => {
      clock.clearTimeout(timer)
      resolve(Buffer.concat(chunks))
    })
    req.on('error', (err) => {
      clock.clearTimeout(timer)
      reject(err)
    })
  })
}

/** Answers a request whose body is left unread, then drops the connection it would clog. */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  reply(res, status, headers)
  res.on('finish', () => req.socket.destroySoon())
}

export async function startWebhookServer(opts: WebhookServerOptions): Promise<WebhookServer> {
  const expectedPath = `${WEBHOOK_PATH_PREFIX}${opts.secret}`
  const clock = opts.clock ?? systemClock
  const requestTimeout = opts.requestTimeoutMs ?? 10_000
  const headerDeadline = opts.headerDeadlineMs ?? 1_500
  const deliver = (event: WebhookEvent) => {
    try {
      opts.onEvent(event)
    } catch (err) {
      opts.onError?.(err)
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0] ?? ''
    if (!sameSecret(path, expectedPath)) return refuse(req, res, 404)
    if (req.method !== 'POST') return refuse(req, res, 405, { allow: 'POST' })
    if (!isJson(req.headers['content-type'])) return refuse(req, res, 415)
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > WEBHOOK_MAX_BYTES) return refuse(req, res, 413)
    const body = await readBody(req, WEBHOOK_MAX_BYTES, clock, requestTimeout)
    if (body === 'too_large') return refuse(req, res, 413)
    if (body === 'timeout') return refuse(req, res, 408)
    let text: string
    try {
      text = utf8.decode(body)
    } catch {
      return reply(res, 400)
    }
    const parsed = parseWebhookBody(text)
    // Well-formed JSON that is not a usable event is a different mistake from broken JSON.
    if (!parsed.ok) return reply(res, parsed.reason === 'not_json' ? 400 : 422)
    reply(res, 200)
    setImmediate(() => deliver(parsed.event))
  }

  // The HTTP server never listens itself (the gate hands it sockets), so Node's own header and
  // request timeouts, checked from `listen`, never run: the gate and readBody enforce both.
  const http = createServer((req, res) => {
    gate.headersDone(req.socket)
    handle(req, res).catch(() => reply(res, 500))
  })
  http.maxHeadersCount = 50
  refuseMalformedRequests(http)
  const gate = createConnectionGate({
    expectedPath,
    clock,
    pendingBudget: PENDING_BUDGET,
    acceptedBudget: ACCEPTED_BUDGET,
    headerDeadlineMs: headerDeadline,
    admit: (socket) => http.emit('connection', socket)
  })
  const server = createNetServer((socket) => gate.onConnection(socket))

  return listenForPath(server, opts.port, expectedPath, () => {
    gate.closeAll()
    http.closeAllConnections()
  })
}
