import { ApiError } from './errors'
import type { Sleep } from './pacer'

/**
 * Retries of idempotent requests only. A write (POST/PATCH/DELETE) is never repeated here: the
 * media service does not deduplicate records, so a blind retry after a lost answer can create a
 * second record. Writes go back to the caller (the outbox), which reconciles first.
 */
export interface RetryOptions {
  sleep: Sleep
  /** Total attempts including the first. */
  maxAttempts?: number
  baseMs?: number
  capMs?: number
  /** In [0, 1); injectable so tests know the delays. */
  random?: () => number
}

export const DEFAULT_RETRY = { maxAttempts: 4, baseMs: 500, capMs: 8000 }

const RETRIED_KINDS = new Set(['rate_limited', 'server', 'network', 'timeout'])

/** Exponential backoff with full jitter: a random delay in [0, min(cap, base * 2^retry)). */
export function backoffDelay(retry: number, opts: Pick<RetryOptions, 'baseMs' | 'capMs' | 'random'> = {}): number {
  const base = opts.baseMs ?? DEFAULT_RETRY.baseMs
  const cap = opts.capMs ?? DEFAULT_RETRY.capMs
  const ceiling = Math.min(cap, base * 2 ** retry)
  return Math.floor((opts.random ?? Math.random)() * ceiling)
}

export function isRetryable(method: string, e: unknown): boolean {
  return method === 'GET' && e instanceof ApiError && RETRIED_KINDS.has(e.kind)
}

export async function withRetry<T>(method: string, attempt: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const max = Math.max(1, opts.maxAttempts ?? DEFAULT_RETRY.maxAttempts)
  for (let n = 1; ; n++) {
    try {
      return await attempt()
    } catch (e) {
      if (n >= max || !isRetryable(method, e)) throw e
      await opts.sleep(backoffDelay(n - 1, opts))
    }
  }
}
