import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { clockSleep, createPacer } from '../../../src/main/core/http/pacer'

/** Largest number of starts inside any window [t, t + width], the closed window being the harsher test. */
function maxInWindow(starts: number[], width: number): number {
  let best = 0
  for (const s of starts) best = Math.max(best, starts.filter((t) => t >= s && t <= s + width).length)
  return best
}

describe('pacer', () => {
  it('never lets more than 4 requests start in any 1 s window, whatever the arrival pattern', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 40 }), async (gaps) => {
        const clock = new ManualClock()
        const pacer = createPacer({ now: () => clock.now(), sleep: async (ms) => clock.advance(ms) })
        const starts: number[] = []
        for (const gap of gaps) {
          clock.advance(gap)
          await pacer.acquire()
          starts.push(clock.now())
        }
        expect(maxInWindow(starts, 1000)).toBeLessThanOrEqual(4)
      })
    )
  })

  it('serves concurrent callers in order, spaced by the window', async () => {
    const clock = new ManualClock(0)
    const pacer = createPacer({ now: () => clock.now(), sleep: clockSleep(clock), limit: 2, windowMs: 1000 })
    const starts: number[] = []
    const all = Promise.all(Array.from({ length: 5 }, () => pacer.acquire().then(() => starts.push(clock.now()))))
    for (let i = 0; i < 40 && starts.length < 5; i++) {
      await Promise.resolve()
      await new Promise((r) => setImmediate(r))
      clock.advance(100)
    }
    await all
    expect(starts).toEqual([0, 0, 1000, 1000, 2000])
  })

  it('does not stall after the clock jumps backwards', async () => {
    const clock = new ManualClock(10_000)
    const slept: number[] = []
    const pacer = createPacer({
      now: () => clock.now(),
      sleep: async (ms) => (slept.push(ms), clock.advance(ms)),
      limit: 1
    })
    await pacer.acquire()
    clock.jumpTo(0)
    await pacer.acquire()
    expect(slept).toEqual([])
  })

  it('refuses a nonsensical configuration', () => {
    const clock = new ManualClock()
    expect(() => createPacer({ now: () => clock.now(), sleep: clockSleep(clock), limit: 0 })).toThrow(RangeError)
  })
})
