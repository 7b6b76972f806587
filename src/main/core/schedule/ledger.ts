import { z } from 'zod'
import type { DeliveredKeys } from './planner'

const DAY = 24 * 60 * 60 * 1000

const LedgerJsonSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.object({ deliveredAt: z.number(), startedAt: z.number() }))
})
type LedgerEntry = z.output<typeof LedgerJsonSchema>['entries'][string]

export interface LedgerItem {
  key: string
  /** ISO start of the program, kept so pruning can wait until the broadcast is long past. */
  startedAt: string
}

export interface Ledger extends DeliveredKeys {
  /** Records the keys and persists them through `save` before returning. */
  add(items: readonly LedgerItem[], deliveredAt: number): void
  /** Drops what can no longer be planned again; persists only when something changed. */
  prune(now: number): void
  toJSON(): string
  readonly size: number
}

/**
 * The delivered-reminders ledger: the only thing that stops a reminder from firing twice, across
 * re-plans and restarts. `save` is called synchronously on every change, so a caller that adds and
 * then notifies never notifies about a key the store has not seen. An unreadable `json` starts
 * an empty ledger: one repeated reminder beats a daemon that cannot start.
 */
export function createLedger(save: (json: string) => void, json?: string | null): Ledger {
  const entries = new Map<string, LedgerEntry>(Object.entries(parse(json)))

  const serialise = () => JSON.stringify({ version: 1, entries: Object.fromEntries(entries) })

  return {
    has: (key) => entries.has(key),
    add(items, deliveredAt) {
      if (items.length === 0) return
      for (const { key, startedAt } of items) {
        entries.set(key, { deliveredAt, startedAt: Date.parse(startedAt) })
      }
      save(serialise())
    },
    prune(now) {
      let changed = false
      for (const [key, e] of entries) {
        // A reminder fires at or before its start, and the planner drops anything older than the
        // grace period (≤ 1 day), so a day after both times the key can never come back.
        if (now - Math.max(e.startedAt, e.deliveredAt) > DAY) {
          entries.delete(key)
          changed = true
        }
      }
      if (changed) save(serialise())
    },
    toJSON: serialise,
    get size() {
      return entries.size
    }
  }
}

function parse(json: string | null | undefined): Record<string, LedgerEntry> {
  if (!json) return {}
  try {
    const result = LedgerJsonSchema.safeParse(JSON.parse(json))
    return result.success ? result.data.entries : {}
  } catch {
    return {}
  }
}
