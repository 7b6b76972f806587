import { randomBytes } from 'node:crypto'
import type { InboxItem } from '../../../shared/inbox'
import { articleRefFromUrl, articleRefOf } from '../wiki/paths'
import { dateTimeMs, type Notification, type User } from '../wiki/schemas'
import type { WebhookEvent } from '../wiki/webhooks'

/**
 * Turns what the wiki sent (a notification, a webhook event) into one inbox entry shape. Stored
 * entries carry no `seen` flag (it comes from the local seen set when the list is read), nor the
 * type's label and icon family (they follow from the type, and the labels may be reworded).
 */
export type StoredItem = Omit<InboxItem, 'seen' | 'label' | 'family'>

function person(user: User | undefined): InboxItem['sender'] {
  if (!user) return undefined
  // The avatar is loaded by the renderer: plain http would show the user's activity on the wire.
  const https = user.image_url?.startsWith('https:') ? user.image_url : undefined
  return https ? { name: user.name, imageUrl: https } : { name: user.name }
}

function linkFields(url: string | undefined): Pick<InboxItem, 'url' | 'article'> {
  const ref = articleRefFromUrl(url)
  return { ...(url ? { url } : {}), ...(ref ? { article: ref } : {}) }
}

const clip = (s: string) => (s.length > 2000 ? s.slice(0, 2000) : s)

export function notificationItem(n: Notification, unread: boolean): StoredItem {
  return {
    key: `n:${n.id < 0 ? `m${-n.id}` : n.id}`,
    source: 'notification',
    type: n.type,
    title: clip(n.title),
    ...linkFields(n.url),
    ...(n.community ? { community: n.community.name } : {}),
    ...(n.sender ? { sender: person(n.sender) } : {}),
    createdAt: dateTimeMs(n.created_at),
    unread
  }
}

/** The object a known event carries, whatever its property name. */
function subject(event: WebhookEvent) {
  switch (event.type) {
    case 'unknown':
      return undefined
    case 'article_created':
    case 'article_deleted':
    case 'article_updated':
      return event.article
    case 'issue_created':
      return event.issue
    case 'issue_comment_created':
      // A comment has no title of its own: the issue's names it.
      return { ...event.issue_comment, title: event.issue_comment.issue?.title }
    case 'page_created':
    case 'page_deleted':
    case 'page_updated':
      return event.page
  }
}

/** An event arrives now: its own dates say when the object changed, not when the wiki told us. */
export function webhookItem(event: WebhookEvent, now: number): StoredItem {
  const s = subject(event)
  // Article events carry no link; the id follows from author and creation time. A deleted
  // article has nothing left to preview.
  const derived =
    (event.type === 'article_created' || event.type === 'article_updated') &&
    event.article.user &&
    event.article.created_at
      ? articleRefOf({ user: event.article.user, created_at: event.article.created_at })
      : null
  return {
    key: `w:${randomBytes(12).toString('hex')}`,
    source: 'webhook',
    type: event.type === 'unknown' ? event.originalType : event.type,
    title: clip(s?.title ?? ''),
    ...linkFields(s?.url),
    ...(s?.community ? { community: s.community.name } : {}),
    ...(s?.user ? { sender: person(s.user) } : {}),
    ...(derived ? { article: derived } : {}),
    createdAt: now,
    unread: true
  }
}
