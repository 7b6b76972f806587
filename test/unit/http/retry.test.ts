import { describe, expect, it } from 'vitest'
import { ApiError, type ApiErrorKind } from '../../../src/main/core/http/errors'
import { backoffDelay, isRetryable, withRetry } from '../../../src/main/core/http/retry'

const err = (kind: ApiErrorKind) => new ApiError({ kind, service: 'media' })

function failingThen<T>(failures: unknown[], value: T) {
  let calls = 0
  const fn = async () => {
    const f = failures[calls++]
    if (f) throw f
    return value
  }
  return { fn, calls: () => calls }
}

describe('backoffDelay', () => {
  it('is full jitter under an exponential ceiling that is capped', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, { random: () => 0.999999 }))).toEqual([499, 999, 1999, 3999])
    expect(backoffDelay(20, { random: () => 0.999999, capMs: 8000 })).toBe(7999)
    expect(backoffDelay(3, { random: () => 0 })).toBe(0)
  })
})

describe('withRetry', () => {
  const sleepLog = () => {
    const slept: number[] = []
    return { slept, sleep: async (ms: number) => void slept.push(ms) }
  }

  it('retries a GET on 503, 429, network and timeout, then succeeds', async () => {
    const { slept, sleep } = sleepLog()
    const { fn, calls } = failingThen([err('server'), err('rate_limited'), err('network')], 'ok')
    await expect(withRetry('GET', fn, { sleep, random: () => 0.5 })).resolves.toBe('ok')
    expect(calls()).toBe(4)
    expect(slept).toEqual([250, 500, 1000])
    const t = failingThen([err('timeout')], 'ok')
    await expect(withRetry('GET', t.fn, { sleep })).resolves.toBe('ok')
  })

  it('gives up after the attempt budget with the last error', async () => {
    const { slept, sleep } = sleepLog()
    const last = err('server')
    const { fn, calls } = failingThen([err('server'), err('server'), err('server'), last, err('server')], 'never')
    await expect(withRetry('GET', fn, { sleep, maxAttempts: 4 })).rejects.toBe(last)
    expect(calls()).toBe(4)
    expect(slept.reduce((a, b) => a + b, 0)).toBeLessThan(500 + 1000 + 2000)
  })

  it('never retries writes, whatever the failure', async () => {
    for (const method of ['POST', 'PATCH', 'DELETE']) {
      const { fn, calls } = failingThen([err('server')], 'ok')
      const { sleep, slept } = sleepLog()
      await expect(withRetry(method, fn, { sleep })).rejects.toMatchObject({ kind: 'server' })
      expect(calls()).toBe(1)
      expect(slept).toEqual([])
    }
  })

  it('does not retry what a retry cannot fix', () => {
    for (const kind of ['auth', 'scope', 'not_found', 'invalid_params', 'http', 'bad_response'] as const) {
      expect(isRetryable('GET', err(kind))).toBe(false)
    }
    expect(isRetryable('GET', new Error('bug'))).toBe(false)
  })
})
