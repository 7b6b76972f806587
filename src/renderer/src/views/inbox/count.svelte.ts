/**
 * The unseen count for the "Inbox (N)" navigation entry. It follows `inbox:changed` (every poll,
 * webhook event and mark) and every load of the inbox view; no call of its own at start-up.
 */
import { listen } from '../../lib/api'
const state = $state({ unseen: 0 })

export function inboxUnseen(): number {
  return state.unseen
}

export function setInboxUnseen(n: number): void {
  state.unseen = n
}

export function trackInboxCount(): () => void {
  return listen('inbox:changed', (p) => setInboxUnseen(p.unseenCount))
}
