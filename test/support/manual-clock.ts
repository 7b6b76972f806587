import type { Clock, TimerHandle } from '../../src/main/core/clock'

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
  private nextId = 1

  constructor(start: number | Date = Date.UTC(2026, 10, 22, 12, 0, 0)) {
    this.current = typeof start === 'number' ? start : start.getTime()
  }

  now(): number {
    return this.current
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const handle = { id: this.nextId++ }
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
