import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../../src/shared/records'
import { nextDue, retryDelay } from '../../../src/main/core/records/queue'

const base = { createdAt: 0, attempts: 0 }
const rec = (id: string, state: OutboxEntry['state'], extra: Partial<OutboxEntry> = {}) =>
  ({
    ...base,
    id,
    kind: 'record',
    state,
    episodeId: 1,
    display: {},
    comment: '',
    rating: null,
    shareMicroblog: false,
    shareSocialnet: false,
    ...extra
  }) as OutboxEntry

describe('queue order and pace', () => {
  it('a blocked entry holds back only its own lane', () => {
    const failed = rec('a', 'failed', { willRetry: false })
    const editOfA = {
      ...base,
      id: 'e',
      kind: 'edit',
      target: 'a',
      state: 'queued',
      comment: '',
      shareMicroblog: false,
      shareSocialnet: false
    } as OutboxEntry
    const other = rec('b', 'queued')
    expect(nextDue([failed, editOfA, other], 0, false)?.id).toBe('b')
    expect(nextDue([rec('w', 'waiting', { sendAt: 10 })], 9, false)).toBeUndefined()
    expect(nextDue([rec('w', 'waiting', { sendAt: 10 })], 10, false)?.id).toBe('w')
    const later = rec('f', 'failed', { willRetry: true, nextAttemptAt: 100 })
    expect(nextDue([later], 0, false)).toBeUndefined()
    expect(nextDue([later], 0, true)?.id).toBe('f')
  })

  it('backoff grows, stays under the cap and keeps its jitter in [50 %, 100 %)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 0.999, noNaN: true }), (n, r) => {
        const ceiling = Math.min(300_000, 5_000 * 2 ** (n - 1))
        const d = retryDelay(n, 5_000, 300_000, () => r)
        return d >= ceiling / 2 && d < ceiling
      })
    )
  })
})
