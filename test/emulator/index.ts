import { FaultBox, type Fault } from './faults'
import { createMediaService } from './media/service'
import { OTHER_USER_ID, seedBenchPrograms, seedMedia, USER_ID } from './media/seed'
import type { MediaState } from './media/state'
import { createOAuthService } from './oauth/routes'
import { OAuthState, SEEDED_TOKENS } from './oauth/store'
import { RateLimiter } from './ratelimit'
import { Frame, type RequestLogEntry } from './server'
import type { EmuContext, EmuService } from './types'
import { createWikiService } from './wiki/index'

/**
 * Local emulator of the media-tracking service (+ its OAuth) and host of the wiki emulator, on one
 * port: `/v1` and `/oauth` are media-tracking, `/api/v1` is the wiki.
 */
export type { Fault } from './faults'
export type { RequestLogEntry } from './server'
export { MediaState } from './media/state'
export { SOON_PROGRAM_ID, USER_ID, OTHER_USER_ID, BENCH_WORK_ID } from './media/seed'

export interface EmulatorOptions {
  /** Default 0: an ephemeral port. */
  port?: number
  /** Play the live service's observed behaviour (service-notes.md) instead of the documents. */
  quirks?: boolean
  /** `/oauth/authorize` redirects at once with a code instead of showing Approve / Deny. */
  autoApprove?: boolean
  /** Default Date.now; seeded data is relative to its value at start-up. */
  now?: () => number
  /** Also seed an unwatched program starting this many seconds after start-up. */
  soonSeconds?: number
  /** 429 past 4 requests per rolling second per token; default = quirks. */
  rateLimit?: boolean
  /** Serve over HTTPS with this certificate and key (for 127.0.0.1) instead of HTTP. */
  tls?: { cert: string; key: string }
  /** Called after each request is answered (the CLI prints it). */
  onRequest?: (entry: RequestLogEntry) => void
}

export interface Emulator {
  baseUrl: string
  client: { id: string; secret: string; redirectUris: string[] }
  tokens: { readWrite: string; read: string; wiki: string; otherUser: string }
  faults: { inject(f: Fault): void; clear(): void }
  requests: RequestLogEntry[]
  media: MediaState
  wiki: ReturnType<typeof createWikiService>
  seedPrograms(n: number, opts?: { startFrom?: number; spacingMinutes?: number }): void
  suspend(): Promise<void>
  resume(): Promise<void>
  close(): Promise<void>
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const now = opts.now ?? Date.now
  const quirks = opts.quirks ?? false
  const ctx: EmuContext = { now, quirks }
  const startedAt = now()

  const media = seedMedia(startedAt, opts.soonSeconds)
  const oauth = new OAuthState(startedAt, USER_ID, OTHER_USER_ID)
  const oauthService = createOAuthService(ctx, oauth, { autoApprove: opts.autoApprove ?? false, userId: USER_ID })
  const mediaService = createMediaService(ctx, media, oauth)
  const wiki = createWikiService(ctx)
  const mediaAndOAuth: EmuService = {
    async handle(req) {
      return (await oauthService.handle(req)) ?? (await mediaService.handle(req))
    }
  }
  const isWiki = (path: string): boolean => path === '/api/v1' || path.startsWith('/api/v1/')

  const requests: RequestLogEntry[] = []
  const faults = new FaultBox()
  const frame = new Frame({
    ctx,
    route: (path) => (isWiki(path) ? wiki : mediaAndOAuth),
    faults,
    limiter: (opts.rateLimit ?? quirks) ? new RateLimiter(now) : undefined,
    rateLimited: (path) => !isWiki(path),
    log: (entry) => {
      requests.push(entry)
      opts.onRequest?.(entry)
    },
    ...(opts.tls ? { tls: opts.tls } : {})
  })
  const port = await frame.listen(opts.port ?? 0)
  let listening = true

  const client = oauth.clients[0]
  if (!client) throw new Error('emulator: no seeded OAuth client')
  return {
    baseUrl: `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    client,
    tokens: {
      readWrite: SEEDED_TOKENS.readWrite,
      read: SEEDED_TOKENS.read,
      wiki: wiki.token,
      otherUser: SEEDED_TOKENS.otherUser
    },
    faults: { inject: (f) => faults.inject(f), clear: () => faults.clear() },
    requests,
    media,
    wiki,
    seedPrograms: (n, o) => seedBenchPrograms(media, now(), n, o),
    async suspend() {
      if (!listening) return
      listening = false
      await frame.stop()
    },
    async resume() {
      if (listening) return
      await frame.listen(port)
      listening = true
    },
    async close() {
      listening = false
      await frame.stop()
    }
  }
}
