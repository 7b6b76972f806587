import { memoryStore } from '../../src/main/core/store/document'
import { emptyLedger, LedgerDoc, ledgerOver, type Ledger } from '../../src/main/core/reminders/ledger'

/**
 * A ledger in memory that hands each change to `save` as JSON (tests, benchmarks). An unreadable
 * `json` starts an empty ledger.
 */
export function createLedger(save: (json: string) => void, json?: string | null): Ledger {
  const inner = memoryStore(parse(json))
  return ledgerOver({
    read: inner.read,
    write(next) {
      inner.write(next)
      save(JSON.stringify(next))
    },
    update(fn) {
      const next = fn(inner.read())
      this.write(next)
      return next
    }
  })
}

function parse(json: string | null | undefined): LedgerDoc {
  if (!json) return emptyLedger()
  try {
    const result = LedgerDoc.safeParse(JSON.parse(json))
    return result.success ? result.data : emptyLedger()
  } catch {
    return emptyLedger()
  }
}
