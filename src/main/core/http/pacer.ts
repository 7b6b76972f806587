import type { Clock } from '../clock'

/**
 * Keeps one client under the service's rate limit (the media service answers 429 above about 4
 * requests per second and sends no Retry-After), so a burst of page fetches slows down instead of
 * failing. Every wait goes through an injected `sleep`, so tests drive time instead of waiting.
 */
export type Sleep = (ms: number) => Promise<void>

export interface PacerOptions {
  now: () => number
  sleep: Sleep
  /** Most request starts allowed in any window; 3 keeps even a closed 1 s window at 4 or fewer. */
  limit?: number
  windowMs?: number
}

export interface Pacer {
  /** Resolves when the caller may start one request; callers are served in call order. */
  acquire(): Promise<void>
}

export const DEFAULT_PACING = { limit: 3, windowMs: 1000 }

/** A sleep that is a timer on the given clock, so a ManualClock controls it. */
export function clockSleep(clock: Clock): Sleep {
  return (ms) => new Promise((resolve) => clock.setTimeout(resolve, ms))
}

export function createPacer(opts: PacerOptions): Pacer {
  const limit = opts.limit ?? DEFAULT_PACING.limit
  const windowMs = opts.windowMs ?? DEFAULT_PACING.windowMs
  if (!Number.isInteger(limit) || limit < 1 || !(windowMs > 0)) throw new RangeError('invalid pacing')
  // Start times of the most recent requests, oldest first: a sliding-window log.
  const starts: number[] = []
  let queue: Promise<void> = Promise.resolve()

  async function takeTurn(): Promise<void> {
    for (;;) {
      const t = opts.now()
      // After the clock jumped backwards the log says nothing useful about the window.
      if (starts.length && (starts[starts.length - 1] ?? 0) > t) starts.length = 0
      while (starts.length && (starts[0] ?? 0) <= t - windowMs) starts.shift()
      if (starts.length < limit) {
        starts.push(t)
        return
      }
      await opts.sleep((starts[0] ?? t) + windowMs - t)
    }
  }

  return {
    acquire() {
      const turn = queue.then(takeTurn)
      queue = turn.catch(() => undefined)
      return turn
    }
  }
}
