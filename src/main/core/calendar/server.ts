import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback, refuseMalformedRequests, type LoopbackPort } from '../http/loopback-server'
import { FEED_FILE_NAME, FEED_PROOF_PATH, feedProof } from './address'

/**
 * The calendar feed for desktop calendars, on 127.0.0.1 only. The schedule is personal, so three
 * gates: the listening address (no other machine reaches it), the Host header (a web page that
 * rebinds its own name to 127.0.0.1 still sends its name, and is refused), and a random secret in
 * the path (another local program or page that guesses the port gets a 404, as for any unknown
 * path). Only GET and HEAD: nothing here changes anything. The secret is asked for at each
 * request, so a new one (from any process of the data folder) retires the old address at once.
 * One more path answers without the secret: the proof that this is the folder's feed (address.ts).
 */
export interface FeedServerOptions {
  /** 0 picks a free port. */
  port: number
  /** The secret of the moment (address.ts: read from the feed file). */
  secret: () => string
  /** The document, made at each request (calendars ask every 15 minutes or so). */
  document: () => Promise<string>
  onError?: (err: unknown) => void
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** `127.0.0.1` or `localhost`, with this server's port or none; anything else is another name. */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  if (!host) return false
  const lower = host.toLowerCase()
  return ['127.0.0.1', 'localhost'].some((name) => lower === name || lower === `${name}:${port}`)
}

function answer(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-length': '0', 'cache-control': 'no-store', ...headers })
  res.end()
}

export async function startFeedServer(opts: FeedServerOptions): Promise<LoopbackPort> {
  let port = opts.port

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isLoopbackHost(req.headers.host, port)) return answer(res, 403)
    const [path = '', query] = (req.url ?? '').split('?')
    const nonce = new URLSearchParams(query).get('nonce')
    if (path === FEED_PROOF_PATH && nonce && /^[A-Za-z0-9_-]{22,64}$/.test(nonce)) {
      res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' })
      return void res.end(feedProof(opts.secret(), nonce))
    }
    if (!sameText(path, `/${opts.secret()}/${FEED_FILE_NAME}`)) return answer(res, 404)
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, { allow: 'GET, HEAD' })
    const body = Buffer.from(await opts.document(), 'utf8')
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
    const headers = {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `inline; filename="${FEED_FILE_NAME}"`,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      etag
    }
    if (req.headers['if-none-match'] === etag) return answer(res, 304, { etag })
    res.writeHead(200, { ...headers, 'content-length': String(body.length) })
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  const server = createServer({ requestTimeout: 10_000, headersTimeout: 5_000 }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      opts.onError?.(err)
      if (!res.headersSent) answer(res, 500)
    })
  })
  server.maxHeadersCount = 50
  server.maxConnections = 32
  refuseMalformedRequests(server)
  const listener = await listenOnLoopback(server, opts.port, () => server.closeAllConnections())
  port = listener.port
  return listener
}
