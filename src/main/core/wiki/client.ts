import type { FetchLike } from '../http/node-fetch'
import { send, type HttpConfig } from '../http/request'
import { Article, ArticleList, NotificationList, type Notification } from './schemas'
import { articlePath, isTagName, tagArticlesPath } from './paths'

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

export interface ArticleInput {
  title: string
  body: string
  tags: readonly string[]
}

export interface WikiClient {
  listNotifications(opts?: { unread?: boolean }): Promise<Notification[]>
  listArticles(): Promise<Article[]>
  listTagArticles(tag: string): Promise<Article[]>
  getArticle(userName: string, timestampId: string): Promise<Article>
  createArticle(input: ArticleInput): Promise<Article>
  updateArticle(userName: string, timestampId: string, input: Partial<ArticleInput>): Promise<Article>
  deleteArticle(userName: string, timestampId: string): Promise<void>
}

export function createWikiClient(opts: WikiClientOptions): WikiClient {
  const cfg: HttpConfig = { service: 'wiki', ...opts }
  return {
    async listNotifications({ unread = false } = {}) {
      // The wiki accepts only `1`; the parameter is left out rather than sent as anything else.
      const query = unread ? { unread: '1' } : undefined
      return (await send(cfg, { method: 'GET', path: 'api/v1/notifications', query, schema: NotificationList })).data
    },
    async listArticles() {
      return (await send(cfg, { method: 'GET', path: 'api/v1/articles', schema: ArticleList })).data
    },
    async listTagArticles(tag) {
      return (await send(cfg, { method: 'GET', path: tagArticlesPath(tag), schema: ArticleList })).data
    },
    async getArticle(userName, timestampId) {
      return (await send(cfg, { method: 'GET', path: articlePath({ userName, timestampId }), schema: Article })).data
    },
    async createArticle(input) {
      const json = articleBody(input)
      return (await send(cfg, { method: 'POST', path: 'api/v1/articles', json, schema: Article })).data
    },
    async updateArticle(userName, timestampId, input) {
      const path = articlePath({ userName, timestampId })
      return (await send(cfg, { method: 'PATCH', path, json: articleBody(input), schema: Article })).data
    },
    async deleteArticle(userName, timestampId) {
      await send(cfg, { method: 'DELETE', path: articlePath({ userName, timestampId }), schema: undefined })
    }
  }
}

/** Only the fields given are sent, so an update leaves the others as they are. */
function articleBody(input: Partial<ArticleInput>): Record<string, string> {
  const out: Record<string, string> = {}
  if (input.title !== undefined) out.title = input.title
  if (input.body !== undefined) out.body = input.body
  if (input.tags !== undefined) {
    const bad = input.tags.find((t) => !isTagName(t))
    if (bad !== undefined)
      throw new RangeError('invalid tag name: tags cannot be empty or hold spaces, commas or slashes')
    out.tag_names_string = input.tags.join(' ')
  }
  return out
}
