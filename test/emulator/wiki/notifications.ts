import type { EmuRequest, EmuResponse } from '../types'
import { error, isoJst } from './format'
import type { StoredNotification, WikiState } from './seed'

/** `GET /api/v1/notifications` and the test helpers that shape what it returns. */
export function listNotifications(state: WikiState, req: EmuRequest, quirks: boolean): EmuResponse {
  const unread = req.query.get('unread')
  // The spec says only `1` is valid: the documented mode refuses the rest, quirks mode ignores them.
  if (unread !== null && unread !== '1' && !quirks) return error(400, 'bad_request', 'unread must be 1')
  const list = state.notifications
    .filter((n) => unread !== '1' || n.unread)
    .sort((a, b) => b.at - a.at || Number(b.json.id) - Number(a.json.id))
  return { status: 200, body: list.map((n) => n.json) }
}

export interface NotificationInput extends Record<string, unknown> {
  /** Default true. */
  unread?: boolean
}

/**
 * Adds a notification dated now unless `created_at` says otherwise. A key given as `undefined`
 * is left out of the JSON, so a test can drop `sender` or `community`.
 */
export function addNotification(
  state: WikiState,
  now: number,
  partial: NotificationInput = {}
): Record<string, unknown> {
  const { unread = true, ...fields } = partial
  const json: Record<string, unknown> = {
    id: state.nextNotificationId++,
    type: 'ArticleMentionNotification',
    title: 'You were mentioned in an article',
    url: `https://anime-club.wiki.example/${state.me.name}/items/20160701125959`,
    community: state.communities[0],
    sender: state.users[1],
    created_at: isoJst(now)
  }
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) delete json[k]
    else json[k] = v
  }
  const parsed = typeof json.created_at === 'string' ? Date.parse(json.created_at) : NaN
  const n: StoredNotification = { json, unread, at: Number.isNaN(parsed) ? now : parsed }
  state.notifications.push(n)
  return json
}

export function markAllRead(state: WikiState): void {
  for (const n of state.notifications) n.unread = false
}
