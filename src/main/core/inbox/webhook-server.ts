import { timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseWebhookBody, type WebhookEvent } from '../wiki/webhooks'

/**
 * The local webhook receiver. The wiki signs nothing, so the only gate is a random secret in the
 * path; everything else about a request is untrusted. Checks run cheapest first (path, method,
 * content type, declared size) so junk costs nothing; the answer goes out before the event is
 * handled, so a slow consumer never delays the sender. One bad request never affects another.
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
  /** Slow-loris guard: the whole request must arrive within this time. Default 10 s. */
  requestTimeoutMs?: number
}

export interface WebhookServer {
  /** The full address to register, secret included. */
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

function reply(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  if (res.headersSent) return
  const body = JSON.stringify({ status })
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers })
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

/** Reads at most `limit` bytes; undefined when the body is larger (reading stops at once). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.removeAllListeners('data')
        req.pause()
        resolve(undefined)
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

/** Answers a request whose body is left unread, then drops the connection it would clog. */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  reply(res, status, { connection: 'close', ...headers })
  res.on('finish', () => req.socket.destroySoon())
}

export async function startWebhookServer(opts: WebhookServerOptions): Promise<WebhookServer> {
  const expectedPath = `${WEBHOOK_PATH_PREFIX}${opts.secret}`
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
    const body = await readBody(req, WEBHOOK_MAX_BYTES)
    if (!body) return refuse(req, res, 413)
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

  const requestTimeout = opts.requestTimeoutMs ?? 10_000
  // Node checks the timeouts on an interval (30 s by default), which would let a stalled
  // connection live far past its deadline.
  const timing = {
    requestTimeout,
    headersTimeout: Math.min(requestTimeout, 5_000),
    connectionsCheckingInterval: Math.min(requestTimeout / 2, 1_000)
  }
  const server = createServer(timing, (req, res) => {
    handle(req, res).catch(() => reply(res, 500))
  })
  server.maxHeadersCount = 50
  server.maxConnections = 64
  // A malformed request line, oversized headers or a stalled upload never reach `handle`: answer
  // them here, never crash.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    const status =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? '408 Request Timeout'
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : '400 Bad Request'
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
    socket.destroy()
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${expectedPath}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
