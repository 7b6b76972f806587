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

/**
 * Time elapsed since the call, on the real monotonic clock: for a duration that is real whatever
 * clock its caller runs on (a request's latency while the scheduler's time is a ManualClock's).
 */
export function stopwatch(): () => number {
  const started = performance.now()
  return () => performance.now() - started
}

interface ManualTimer {
  handle: TimerHandle
  at: number
  fn: () => void
}

/**
 * A clock that only moves when told to. `advance` fires due timers in time order, each seeing
 * `now()` equal to its own due time, which is what a real event loop would show it.
 */
export class ManualClock implements Clock {
  private current: number
  private timers: ManualTimer[] = []

  constructor(start: number | Date = Date.UTC(2026, 10, 22, 12, 0, 0)) {
    this.current = typeof start === 'number' ? start : start.getTime()
  }

  now(): number {
    return this.current
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const handle = { id: nextId++ }
    this.timers.push({ handle, at: this.current + Math.max(0, ms), fn })
    return handle
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((t) => t.handle.id !== handle.id)
  }

  /** Number of timers not yet fired. */
  pending(): number {
    return this.timers.length
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  advance(ms: number): void {
    this.advanceTo(this.current + ms)
  }

  advanceTo(target: number): void {
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.handle.id - b.handle.id)[0]
      if (!due) break
      this.timers = this.timers.filter((t) => t !== due)
      this.current = Math.max(this.current, due.at)
      due.fn()
    }
    this.current = Math.max(this.current, target)
  }

  /**
   * Sets the wall clock without firing anything, as a suspended machine or an NTP correction
   * does: timers keep their old due times and callers are expected to re-plan.
   */
  jumpTo(target: number): void {
    this.current = target
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
