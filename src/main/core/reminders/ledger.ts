import { z } from 'zod'
import type { DocumentStore } from '../store/document'
import type { DeliveredAt } from './repeats'

export const LedgerDoc = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.object({ deliveredAt: z.number(), startedAt: z.number() })),
  /** The last moment reminders were being served from this folder (any process): the heartbeat. */
  servedAt: z.number().optional()
})
export type LedgerDoc = z.output<typeof LedgerDoc>

const HOUR = 60 * 60 * 1000
/**
 * How long after the later of its start and its delivery a key can still be planned again: a
 * channel offset moves a reminder up to a day past the start, the grace period keeps it up to a
 * day more, and the hour covers the on-time tolerance with room to spare.
 */
export const LEDGER_KEEP_MS = 49 * HOUR

export const emptyLedger = (): LedgerDoc => ({ version: 1, entries: {} })

export interface LedgerItem {
  key: string
  /** ISO start of the program, kept so pruning can wait until the broadcast is long past. */
  startedAt: string
  /** The same episode on other channels: recorded with it, and a claim fails if any is taken. */
  siblings?: readonly { key: string; startedAt: string }[]
}

export interface Ledger {
  /** The keys delivered as the file says now, read once for a whole plan. */
  delivered(): Required<DeliveredAt>
  /**
   * The items no process has delivered yet, recorded as delivered in the same transaction (so of
   * two processes, only one gets a key), and the heartbeat moved to `at`. Notify only these.
   */
  claim<T extends LedgerItem>(items: readonly T[], at: number): T[]
  /** When reminders were last served from this folder; null when never. */
  servedAt(): number | null
  markServed(at: number): void
  /** Drops what can no longer be planned again; persists only when something changed. */
  prune(now: number): void
}

/**
 * The delivered-reminders ledger: the only thing that stops a reminder from firing twice, across
 * re-plans, restarts and processes. Every change is one transaction of its store (under the
 * file's lock, re-reading the file), so a caller that claims and then notifies never notifies
 * about a key another process has already taken.
 */
export function ledgerOver(store: DocumentStore<LedgerDoc>): Ledger {
  const record = (doc: LedgerDoc, items: readonly LedgerItem[], at: number) => {
    for (const item of items)
      for (const { key, startedAt } of [item, ...(item.siblings ?? [])])
        doc.entries[key] = { deliveredAt: at, startedAt: Date.parse(startedAt) }
  }
  const taken = (doc: LedgerDoc, item: LedgerItem) =>
    [item, ...(item.siblings ?? [])].some(({ key }) => key in doc.entries)
  const expired = (doc: LedgerDoc, now: number) =>
    Object.entries(doc.entries).filter(([, e]) => now - Math.max(e.startedAt, e.deliveredAt) > LEDGER_KEEP_MS)
  return {
    delivered() {
      const { entries } = store.read()
      return { has: (key) => key in entries, deliveredAt: (key) => entries[key]?.deliveredAt }
    },
    claim(items, at) {
      let fresh: typeof items = []
      store.update((doc) => {
        const next = structuredClone(doc)
        fresh = items.filter((i) => !taken(next, i))
        record(next, fresh, at)
        next.servedAt = Math.max(next.servedAt ?? at, at)
        return next
      })
      return [...fresh]
    },
    servedAt() {
      const doc = store.read()
      if (doc.servedAt !== undefined) return doc.servedAt
      // A ledger from before the heartbeat: its last delivery is the best guess.
      const last = Math.max(...Object.values(doc.entries).map((e) => e.deliveredAt))
      return Number.isFinite(last) ? last : null
    },
    markServed(at) {
      store.update((doc) => ({ ...doc, servedAt: Math.max(doc.servedAt ?? at, at) }))
    },
    prune(now) {
      if (expired(store.read(), now).length === 0) return
      store.update((doc) => {
        const next = structuredClone(doc)
        for (const [key] of expired(next, now)) delete next.entries[key]
        return next
      })
    }
  }
}
