import type { EmuRequest, EmuResponse } from '../types'
import { error, isoJst, timestampId } from './format'
import type { StoredArticle, WikiState } from './seed'

/** Article endpoints: create, list, list by tag, and get/update/delete one by author and timestamp id. */
export function articleJson(state: WikiState, a: StoredArticle, withTags = true): Record<string, unknown> {
  return {
    id: a.id,
    title: a.title,
    body: a.body,
    rendered_body: render(a.body),
    ...(withTags ? { tags: a.tags.map((name) => ({ name, articles_count: countTag(state, name) })) } : {}),
    community: a.community,
    user: a.user,
    created_at: isoJst(a.createdAt),
    updated_at: isoJst(a.updatedAt)
  }
}

export function listArticles(state: WikiState, tag?: string): EmuResponse {
  const list = state.articles
    .filter((a) => tag === undefined || a.tags.includes(tag))
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
  return { status: 200, body: list.map((a) => articleJson(state, a)) }
}

export function createArticle(state: WikiState, req: EmuRequest, now: number): EmuResponse {
  const input = readInput(req)
  if ('error' in input) return input.error
  if (!input.title?.trim() || !input.body?.trim()) {
    return error(400, 'bad_request', 'title and body are required')
  }
  // The timestamp id is the creation second: a second article in the same second moves to the next.
  let ts = Math.floor(now / 1000) * 1000
  while (state.articles.some((a) => a.user.id === state.me.id && a.timestampId === timestampId(ts))) ts += 1000
  const article: StoredArticle = {
    id: state.nextArticleId++,
    timestampId: timestampId(ts),
    title: input.title,
    body: input.body,
    tags: input.tags ?? [],
    community: state.communities[0] as StoredArticle['community'],
    user: state.me,
    createdAt: ts,
    updatedAt: ts
  }
  state.articles.push(article)
  return { status: 201, body: articleJson(state, article) }
}

/** GET, PATCH or DELETE on `/users/:user_name/articles/:article_timestamp_id`. */
export function oneArticle(state: WikiState, req: EmuRequest, userName: string, id: string, now: number): EmuResponse {
  const article = state.articles.find((a) => a.user.name === userName && a.timestampId === id)
  if (!article) return error(404, 'not_found', 'Not found')
  if (req.method === 'GET') return { status: 200, body: articleJson(state, article) }
  // Anyone in the community may read an article; only its author may change it.
  if (article.user.id !== state.me.id) return error(403, 'forbidden', 'You cannot edit this article')
  if (req.method === 'DELETE') {
    state.articles = state.articles.filter((a) => a !== article)
    return { status: 204 }
  }
  const input = readInput(req)
  if ('error' in input) return input.error
  if (input.title !== undefined && !input.title.trim()) return error(400, 'bad_request', 'title must not be empty')
  if (input.body !== undefined && !input.body.trim()) return error(400, 'bad_request', 'body must not be empty')
  if (input.title !== undefined) article.title = input.title
  if (input.body !== undefined) article.body = input.body
  if (input.tags !== undefined) article.tags = input.tags
  article.updatedAt = now
  return { status: 200, body: articleJson(state, article) }
}

interface ArticleInput {
  title?: string
  body?: string
  tags?: string[]
}

function readInput(req: EmuRequest): ArticleInput | { error: EmuResponse } {
  const src = req.body ?? {}
  const out: ArticleInput = {}
  for (const key of ['title', 'body', 'tag_names_string'] as const) {
    const v = src[key]
    if (v === undefined) continue
    if (typeof v !== 'string') return { error: error(400, 'bad_request', `${key} must be a string`) }
    if (key === 'tag_names_string') out.tags = [...new Set(v.split(/[\s,]+/).filter((t) => t.length > 0))]
    else out[key] = v
  }
  return out
}

function countTag(state: WikiState, name: string): number {
  return state.articles.filter((a) => a.tags.includes(name)).length
}

function render(body: string): string {
  const escaped = body.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  return escaped
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('\n')
}
