import { articleJson } from './articles'
import { isoJst } from './format'
import { siteUrl, type CommunityJson, type StoredArticle, type UserJson, type WikiState } from './seed'

/**
 * Payloads the wiki POSTs to a webhook receiver, built from the seeded data, and the POST itself,
 * so receiver tests exercise the same bytes the service would send.
 */
export const WEBHOOK_EVENT_TYPES = [
  'article_created',
  'article_deleted',
  'article_updated',
  'issue_comment_created',
  'issue_created',
  'page_created',
  'page_deleted',
  'page_updated'
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** Overrides replace top-level properties; a type outside the list yields `{ type, ...overrides }`. */
export function webhookEvent(
  state: WikiState,
  now: number,
  type: WebhookEventType | (string & {}),
  overrides: Record<string, unknown> = {}
): Record<string, unknown> {
  return { type, ...payload(state, now, type), ...overrides }
}

function payload(state: WikiState, now: number, type: string): Record<string, unknown> {
  const community = state.communities[0] as CommunityJson
  const author = (state.users[1] ?? state.me) as UserJson
  const dates = { created_at: isoJst(now - 3_600_000), updated_at: isoJst(now) }
  const issue = {
    id: 12,
    number: 12,
    title: 'Watch party venue',
    body: 'Where do we meet on Friday?',
    url: siteUrl(community, '/issues/12'),
    state: 'opened',
    user: author,
    community,
    ...dates
  }
  switch (type) {
    case 'article_created':
    case 'article_deleted':
    case 'article_updated': {
      const article = (state.articles.find((a) => a.user.id !== state.me.id) ?? state.articles[0]) as StoredArticle
      // The documented payload shows the article without its tags.
      return { article: articleJson(state, article, false) }
    }
    case 'issue_created':
      return { issue }
    case 'issue_comment_created':
      return {
        issue_comment: {
          id: 6,
          body: 'Station square, 20:30?',
          url: siteUrl(community, '/issues/12#comment-6'),
          issue: { id: issue.id, title: issue.title },
          user: author,
          community,
          ...dates
        }
      }
    case 'page_created':
    case 'page_deleted':
    case 'page_updated':
      return {
        page: {
          id: 7,
          title: 'Episode guide',
          body: '# Episodes\n\n1. Start',
          url: siteUrl(community, '/pages/7'),
          user: author,
          community,
          ...dates
        }
      }
    default:
      return {}
  }
}

export interface WebhookDelivery {
  status: number
  text: string
}

/** POSTs like the wiki does: JSON body, `Content-Type: application/json`. A string is sent verbatim. */
export async function sendWebhook(
  url: string,
  body: unknown,
  headers: Record<string, string> = {}
): Promise<WebhookDelivery> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'WikiWebhook/1.0', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body)
  })
  return { status: res.status, text: await res.text() }
}
