import type { OutboxDoc } from '../../../shared/records'

/**
 * The outbox before anything was queued: what a folder without outbox.json holds. Apart from
 * store.ts, whose schema is zod's, so that a restarting `onair run` has it without zod
 * (reminders-from-receipts.ts).
 */
export const emptyOutbox = (): OutboxDoc => ({ version: 1, entries: [], recent: [] })
