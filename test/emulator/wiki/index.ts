import type { EmuContext, EmuRequest, EmuResponse, EmuService } from '../types'
import { createArticle, listArticles, oneArticle } from './articles'
import { error } from './format'
import { addNotification, listNotifications, markAllRead, type NotificationInput } from './notifications'
import { seedWiki, type WikiState } from './seed'
import { sendWebhook, webhookEvent, type WebhookEventType } from './webhooks'

export { SEED } from './seed'
export { WEBHOOK_EVENT_TYPES, sendWebhook, type WebhookEventType } from './webhooks'

/**
 * The wiki service of the emulator: everything under `/api/v1/`. Outages and garbage bodies come
 * from the frame's fault injection, which applies to these paths too. Documented mode follows
 * wiki-service.md; quirks mode adds what the live service was seen to do (service-notes.md).
 */
export interface WikiService extends EmuService {
  /** The personal access token the service accepts. */
  token: string
  state: WikiState
  addNotification(partial?: NotificationInput): Record<string, unknown>
  markAllRead(): void
  webhookEvent(type: WebhookEventType | (string & {}), overrides?: Record<string, unknown>): Record<string, unknown>
  sendWebhook: typeof sendWebhook
  /** Makes the token unknown from now on, as when the user deletes it in the wiki's settings. */
  revokeToken(): void
}

const TOKEN = 'wiki-emulator-token-0001'

export function createWikiService(ctx: EmuContext): WikiService {
  const state = seedWiki(ctx.now(), ctx.quirks)
  let revoked = false

  function handle(req: EmuRequest): EmuResponse | undefined {
    if (!req.path.startsWith('/api/v1/')) return undefined
    if (revoked || req.headers.authorization !== `Bearer ${TOKEN}`) return unauthorized(ctx.quirks)
    return route(req)
  }

  function route(req: EmuRequest): EmuResponse {
    const parts = segments(req.path.slice('/api/v1/'.length))
    const m = req.method
    if (!parts) return notFound()
    const [a, b, c, d] = parts
    if (parts.length === 1 && a === 'notifications' && m === 'GET') return listNotifications(state, req, ctx.quirks)
    if (parts.length === 1 && a === 'articles') {
      if (m === 'GET') return listArticles(state)
      if (m === 'POST') return createArticle(state, req, ctx.now())
    }
    if (parts.length === 3 && a === 'tags' && c === 'articles' && m === 'GET') return listArticles(state, b)
    if (parts.length === 4 && a === 'users' && c === 'articles' && ['GET', 'PATCH', 'DELETE'].includes(m)) {
      return oneArticle(state, req, b as string, d as string, ctx.now())
    }
    return notFound()
  }

  return {
    token: TOKEN,
    state,
    handle,
    addNotification: (partial) => addNotification(state, ctx.now(), partial),
    markAllRead: () => markAllRead(state),
    webhookEvent: (type, overrides) => webhookEvent(state, ctx.now(), type, overrides),
    sendWebhook,
    revokeToken() {
      revoked = true
    }
  }
}

// The wiki documents no 401 body: documented mode sends a small JSON one, quirks mode none at all.
function unauthorized(quirks: boolean): EmuResponse {
  const headers = { 'www-authenticate': 'Bearer realm="wiki", error="invalid_token"' }
  return quirks ? { status: 401, headers } : { ...error(401, 'unauthorized', 'Unauthorized'), headers }
}

function notFound(): EmuResponse {
  return error(404, 'not_found', 'Not found')
}

/** Decoded path segments; null when a segment is not valid percent-encoding. */
function segments(rest: string): string[] | null {
  try {
    return rest
      .split('/')
      .filter((s, i, all) => s !== '' || i < all.length - 1)
      .map(decodeURIComponent)
  } catch {
    return null
  }
}
