/**
 * Time is an input of the core: every timer and every "now" goes through a Clock, so tests drive
 * time instead of sleeping, and the scheduler can be told about sleep/resume and clock jumps.
 */
export interface TimerHandle {
  readonly id: number
}

export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number
  setTimeout(fn: () => void, ms: number): TimerHandle
  clearTimeout(handle: TimerHandle): void
}

let nextId = 1

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    // Ref'd on purpose: a timer is work the process still has to do (a retry back-off, a pacing
    // wait, an undo window). An unref'd one let the event loop empty mid-request, so a command
    // exited 0 without output. Long-lived owners (scheduler, poller, outbox) stop their timers
    // when they stop, and the CLI exits explicitly once its command has settled.
    const t = setTimeout(fn, Math.max(0, ms))
    return { id: nextId++, t }
  },
  clearTimeout(handle) {
    clearTimeout((handle as { t?: NodeJS.Timeout }).t)
  }
}

/** Calls `fn` every `ms` on `clock` until the returned function is called. */
export function every(clock: Clock, ms: number, fn: () => void): () => void {
  let handle = clock.setTimeout(function tick() {
    fn()
    handle = clock.setTimeout(tick, ms)
  }, ms)
  return () => clock.clearTimeout(handle)
}

/** `promise`, or what `late()` returns (or throws) when it has not settled within `ms` on `clock`. */
export function within<T>(clock: Clock, ms: number, promise: Promise<T>, late: () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = clock.setTimeout(() => {
      try {
        resolve(late())
      } catch (e) {
        reject(e)
      }
    }, ms)
    promise.then(
      (value) => (clock.clearTimeout(timer), resolve(value)),
      (error: unknown) => (clock.clearTimeout(timer), reject(error))
    )
  })
}
