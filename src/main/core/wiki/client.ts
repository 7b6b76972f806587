import type { FetchLike } from '../http/node-fetch'
import { send, type HttpConfig } from '../http/request'
import { Article, NotificationList, type Notification } from './schemas'
import { articlePath } from './paths'

/**
 * The wiki's REST API as Onair uses it. Every call goes through the shared sender, so failures
 * arrive as ApiError (service 'wiki'); invalid arguments throw RangeError before any request.
 */
export interface WikiClientOptions {
  baseUrl: string
  token: () => string | undefined
  fetch?: FetchLike
  timeoutMs?: number
}

export interface WikiClient {
  listNotifications(opts?: { unread?: boolean }): Promise<Notification[]>
  getArticle(userName: string, timestampId: string): Promise<Article>
}

export function createWikiClient(opts: WikiClientOptions): WikiClient {
  const cfg: HttpConfig = { service: 'wiki', ...opts }
  return {
    async listNotifications({ unread = false } = {}) {
      // The wiki accepts only `1`; the parameter is left out rather than sent as anything else.
      const query = unread ? { unread: '1' } : undefined
      return send(cfg, { method: 'GET', path: 'api/v1/notifications', query, schema: NotificationList })
    },
    async getArticle(userName, timestampId) {
      return send(cfg, { method: 'GET', path: articlePath({ userName, timestampId }), schema: Article })
    }
  }
}
