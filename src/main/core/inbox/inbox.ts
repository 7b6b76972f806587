import type { Locale, LocalizedText } from '../../../shared/locale'
import type { ArticlePreview, InboxView, WebhookInfo } from '../../../shared/inbox'
import type { Clock } from '../clock'
import type { ImageLoader } from '../images/loader'
import type { Notifier } from '../notify'
import type { DocumentStore } from '../store/document'
import type { WikiClient } from '../wiki/client'
import type { WebhookEvent } from '../wiki/webhooks'
import { fetchArticlePreview } from './article'
import { notificationItem, webhookItem, type StoredItem } from './items'
import { inboxTypeFamily, inboxTypeLabel } from './types'
import { describeRefreshFailure, nativeNotificationFor, NO_WIKI_TOKEN } from './messages'
import { MAX_REMEMBERED, MAX_WEBHOOK_ITEMS, type InboxDoc } from './store'

/**
 * The wiki inbox: the list the poller keeps fresh, the entries the webhook receiver adds, the
 * local seen set, and the native notifications for what is new. Whatever fails, the last list
 * stays readable; failures are described, never thrown at the caller of `refresh`.
 */
export interface InboxDeps {
  /** Undefined while no wiki address or token is configured. */
  wiki: () => WikiClient | null | undefined
  store: DocumentStore<InboxDoc>
  clock: Clock
  notifier: Notifier
  /** Read on each use: the setting may change while the app runs. */
  notify: () => boolean
  language: () => Locale
  /** Avatars and article images for the window; absent (the command line), none are shown. */
  images?: ImageLoader
}

export interface InboxService {
  view(opts?: { unreadOnly?: boolean }): InboxView
  /** Fetches the list now; concurrent calls share one fetch. Never rejects. */
  refresh(): Promise<void>
  /** Adds a received event as an entry and announces it at once. */
  addWebhookEvent(event: WebhookEvent): StoredItem
  markSeen(keys: readonly string[]): number
  markAllSeen(): number
  unseenCount(): number
  article(ref: { userName: string; timestampId: string }): Promise<ArticlePreview>
  /** An article's images as `data:` URLs (null: not allowed, or not fetched); `asked`: Load images. */
  images(urls: readonly string[], asked: boolean): Promise<(string | null)[]>
  webhookInfo(): WebhookInfo
  /** Set by whoever runs the receiver (undefined url: enabled but not listening). */
  setWebhookInfo(info: WebhookInfo): void
  /** Called with the unseen count after every change; returns the unsubscribe function. */
  onChange(listener: (unseenCount: number) => void): () => void
}

interface LastRefresh {
  offline: boolean
  error?: LocalizedText
}

export function createInbox(deps: InboxDeps): InboxService {
  const listeners = new Set<(n: number) => void>()
  let last: LastRefresh = { offline: false }
  let inflight: Promise<void> | undefined
  let webhook: WebhookInfo = { enabled: false }

  const unseen = (doc: InboxDoc) => {
    const seen = new Set(doc.seen)
    return doc.items.filter((i) => i.unread && !seen.has(i.key)).length
  }
  const changed = () => {
    const n = unseen(deps.store.read())
    for (const l of listeners) l(n)
  }

  /** Announces entries that are unread, unseen and never announced; remembers them as announced. */
  const announce = (doc: InboxDoc, candidates: readonly StoredItem[]): InboxDoc => {
    const skip = new Set([...doc.seen, ...doc.notified])
    const fresh = candidates.filter((i) => i.unread && !skip.has(i.key))
    if (fresh.length === 0) return doc
    const n = deps.notify() ? nativeNotificationFor(fresh, deps.language()) : undefined
    if (n) deps.notifier.show(n)
    return { ...doc, notified: [...doc.notified, ...fresh.map((i) => i.key)].slice(-MAX_REMEMBERED) }
  }

  async function fetchOnce(): Promise<void> {
    const wiki = deps.wiki()
    if (!wiki) {
      last = { offline: false, error: NO_WIKI_TOKEN }
      return changed()
    }
    try {
      // Only the unread list says what is unread; the full list is what the view shows.
      const [all, unread] = await Promise.all([wiki.listNotifications(), wiki.listNotifications({ unread: true })])
      const unreadIds = new Set(unread.map((n) => n.id))
      const byId = new Map([...all, ...unread].map((n) => [n.id, n]))
      const polled = [...byId.values()].map((n) => notificationItem(n, unreadIds.has(n.id)))
      deps.store.update((doc) => {
        const kept = doc.items.filter((i) => i.source === 'webhook')
        const items = [...polled, ...kept].sort((a, b) => b.createdAt - a.createdAt)
        const present = new Set(items.map((i) => i.key))
        // Seen keys of entries gone from the wiki can never matter again.
        const seen = doc.seen.filter((k) => present.has(k))
        return announce({ ...doc, fetchedAt: deps.clock.now(), items, seen }, polled)
      })
      last = { offline: false }
      // Avatars that failed before (offline, perhaps) get another chance with the new list.
      deps.images?.retryFailed()
    } catch (e) {
      const failure = describeRefreshFailure(e)
      last = { offline: failure.offline, error: failure.message }
    }
    changed()
  }
  // Avatars arrive after the list: the view asks again and shows them.
  deps.images?.onAvatars(changed)

  const withAvatar = (sender: StoredItem['sender']) => {
    const avatar = deps.images?.avatar(sender?.imageUrl)
    return sender && avatar ? { sender: { ...sender, avatar } } : {}
  }

  const service: InboxService = {
    view({ unreadOnly = false } = {}) {
      const doc = deps.store.read()
      const seen = new Set(doc.seen)
      const items = doc.items
        .map((i) => ({
          ...i,
          ...withAvatar(i.sender),
          seen: seen.has(i.key),
          label: inboxTypeLabel(i.type),
          family: inboxTypeFamily(i.type)
        }))
        .filter((i) => !unreadOnly || (i.unread && !i.seen))
      return {
        items,
        fetchedAt: doc.fetchedAt,
        now: deps.clock.now(),
        offline: last.offline,
        ...(last.error ? { error: last.error } : {}),
        unseenCount: unseen(doc)
      }
    },
    refresh() {
      inflight ??= fetchOnce().finally(() => (inflight = undefined))
      return inflight
    },
    addWebhookEvent(event) {
      const item = webhookItem(event, deps.clock.now())
      deps.store.update((doc) => {
        // Items are newest first, so the tail holds the oldest webhook entries.
        const webhookItems = doc.items.filter((i) => i.source === 'webhook')
        const dropped = new Set(webhookItems.slice(MAX_WEBHOOK_ITEMS - 1).map((i) => i.key))
        const items = [item, ...doc.items.filter((i) => !dropped.has(i.key))].sort((a, b) => b.createdAt - a.createdAt)
        return announce({ ...doc, items }, [item])
      })
      changed()
      return item
    },
    markSeen(keys) {
      const doc = deps.store.update((d) => ({ ...d, seen: [...new Set([...d.seen, ...keys])].slice(-MAX_REMEMBERED) }))
      changed()
      return unseen(doc)
    },
    markAllSeen() {
      return service.markSeen(deps.store.read().items.map((i) => i.key))
    },
    unseenCount: () => unseen(deps.store.read()),
    article: (ref) => fetchArticlePreview(deps.wiki(), ref, deps.images),
    images: async (urls, asked) => deps.images?.articleImages(urls, asked) ?? urls.map(() => null),
    webhookInfo: () => webhook,
    setWebhookInfo(info) {
      webhook = info
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
  return service
}
