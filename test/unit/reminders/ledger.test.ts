import { describe, expect, it } from 'vitest'
import { createLedger } from '../../support/memory-ledger'
import { DAY, HOUR } from '../programs/fixtures'

const start = Date.UTC(2026, 3, 5, 15, 0)
const item = (key: string) => ({ key, startedAt: new Date(start).toISOString() })

describe('ledger', () => {
  it('saves synchronously on claim and round-trips through JSON', () => {
    const saved: string[] = []
    const ledger = createLedger((j) => saved.push(j))
    ledger.claim([item('1:a:10'), item('1:a:0')], start)
    expect(saved).toHaveLength(1)
    const restored = createLedger(() => {}, saved[0]).delivered()
    expect(restored.has('1:a:10')).toBe(true)
    expect(restored.has('1:a:0')).toBe(true)
    expect(restored.has('2:a:0')).toBe(false)
  })

  // A day-late channel offset plus a day of grace: a key must outlive both, or it could fire again.
  it('prunes 49 hours after the later of start and delivery, and saves only when it changed', () => {
    const saved: string[] = []
    const ledger = createLedger((j) => saved.push(j))
    const keep = 2 * DAY + HOUR
    ledger.claim([item('early')], start - HOUR)
    ledger.claim([item('late')], start + 2 * HOUR)
    ledger.prune(start + keep)
    expect(saved).toHaveLength(2)
    ledger.prune(start + keep + 1)
    expect([ledger.delivered().has('early'), ledger.delivered().has('late')]).toEqual([false, true])
    ledger.prune(start + 2 * HOUR + keep + 1)
    expect(JSON.parse(saved.at(-1)!).entries).toEqual({})
    expect(saved).toHaveLength(4)
  })

  it('starts empty from unreadable JSON instead of throwing', () => {
    for (const bad of ['', 'not json', '{"version":2}', '[]', null]) {
      expect(createLedger(() => {}, bad).servedAt()).toBeNull()
    }
  })
})
