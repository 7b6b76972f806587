import { afterEach, describe, expect, it, vi } from 'vitest'
import { wallClockCron } from '../../../src/main/core/programs/cron'

// Local times: the expressions mean the system zone, whatever zone the tests run in.
const at = (day: number, hour: number, minute: number, second = 0) => new Date(2026, 11, day, hour, minute, second)

afterEach(() => {
  vi.useRealTimers()
})

/** When the trigger ticks between `from` and `until`; node-cron runs a tick a few promises after its timer. */
async function ticksBetween(expression: string, from: Date, until: Date): Promise<Date[]> {
  vi.useFakeTimers({ now: from })
  const ticks: Date[] = []
  const trigger = wallClockCron(expression, () => ticks.push(new Date()))
  await vi.advanceTimersByTimeAsync(until.getTime() - from.getTime())
  trigger.stop()
  return ticks
}

describe('wallClockCron', () => {
  it('ticks at the times the expression names, and never after stop', async () => {
    vi.useFakeTimers({ now: at(1, 11, 59, 30) })
    const ticks: Date[] = []
    const trigger = wallClockCron('0 12,13 * * *', () => ticks.push(new Date()))
    await vi.advanceTimersByTimeAsync(29_000)
    expect(ticks).toEqual([])
    await vi.advanceTimersByTimeAsync(61 * 60_000)
    expect(ticks).toEqual([at(1, 12, 0), at(1, 13, 0)])
    trigger.stop()
    await vi.advanceTimersByTimeAsync(2 * 24 * 3_600_000)
    expect(ticks).toHaveLength(2)
  })

  it('runs on a day that matches both its date and its weekday, as the settings always meant', async () => {
    // Tuesday 1 December is in the first seven days but not a Monday; Monday 7 December is both.
    expect(await ticksBetween('0 12 1-7 * 1', at(1, 0, 0), at(8, 0, 0))).toEqual([at(7, 12, 0)])
  })

  it('keeps the meaning of the spellings the settings accepted before node-cron came back', async () => {
    const december = (expression: string) => ticksBetween(expression, at(1, 0, 0), at(31, 23, 0))
    // The last Friday of the month.
    expect(await december('0 12 * * 5#L')).toEqual([at(25, 12, 0)])
    // The 15th and the last day.
    expect(await december('0 12 15L * *')).toEqual([at(15, 12, 0), at(31, 12, 0)])
    // Monday to Wednesday of the second week.
    expect(await december('0 12 * * 1-3#2')).toEqual([at(8, 12, 0), at(9, 12, 0), at(14, 12, 0)])
    // `?` for any, fields apart by a tab.
    expect(await ticksBetween('0\t12 ? * ?', at(1, 0, 0), at(3, 0, 0))).toEqual([at(1, 12, 0), at(2, 12, 0)])
  })

  it('still polls when a busy event loop reaches the tick seconds late, once', async () => {
    vi.useFakeTimers({ now: at(1, 11, 59, 59) })
    const ticks: Date[] = []
    const trigger = wallClockCron('0 12 * * *', () => ticks.push(new Date()))
    // The process was busy: the clock moved on while the timer waited.
    vi.setSystemTime(at(1, 12, 0, 10))
    await vi.advanceTimersByTimeAsync(60_000)
    trigger.stop()
    expect(ticks).toHaveLength(1)
  })
})
