import type { OutboxDoc } from '../../../shared/records'

/**
 * The outbox before anything was queued: what a folder without outbox.json holds.
 */
export const emptyOutbox = (): OutboxDoc => ({ version: 1, entries: [], recent: [] })
