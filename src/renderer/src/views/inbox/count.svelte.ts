/**
 * The unseen count for the "Inbox (N)" navigation entry. It follows `inbox:changed` (every poll,
 * webhook event and mark) and every load of the inbox view; no call of its own at start-up.
 */
import { listen } from '../../lib/api'
export const inboxCount = $state({ unseen: 0 })

export function trackInboxCount(): () => void {
  return listen('inbox:changed', (p) => (inboxCount.unseen = p.unseenCount))
}
