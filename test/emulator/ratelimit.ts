/**
 * The live media-tracking service answers 429 past about 4 requests per second per client. A
 * rolling one-second window per key (token, else remote address); only accepted requests count,
 * so a client that keeps hammering still gets through once it slows down.
 */
export const RATE_LIMIT = 4
const WINDOW_MS = 1000

export class RateLimiter {
  private hits = new Map<string, number[]>()

  constructor(private readonly now: () => number) {}

  /** True when the request may proceed (and is counted). */
  allow(key: string): boolean {
    const t = this.now()
    const recent = (this.hits.get(key) ?? []).filter((at) => at > t - WINDOW_MS && at <= t)
    if (recent.length >= RATE_LIMIT) {
      this.hits.set(key, recent)
      return false
    }
    recent.push(t)
    this.hits.set(key, recent)
    return true
  }
}
