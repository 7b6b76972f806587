import { afterEach, describe, expect, it, vi } from 'vitest'
import { validateCron, wallClockCron } from '../../../src/main/core/schedule/cron'

// Local times: the expressions mean the system zone, whatever zone the tests run in.
const at = (day: number, hour: number, minute: number, second = 0) => new Date(2026, 11, day, hour, minute, second)

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('wallClockCron', () => {
  it('ticks at the times the expression names, and never after stop', () => {
    vi.useFakeTimers({ now: at(1, 11, 59, 30) })
    const ticks: Date[] = []
    const trigger = wallClockCron('0 12,13 * * *', () => ticks.push(new Date()))
    vi.advanceTimersByTime(29_000)
    expect(ticks).toEqual([])
    vi.advanceTimersByTime(61 * 60_000)
    expect(ticks).toEqual([at(1, 12, 0), at(1, 13, 0)])
    trigger.stop()
    vi.advanceTimersByTime(2 * 24 * 3_600_000)
    expect(ticks).toHaveLength(2)
  })

  it('runs on a day that matches both its date and its weekday, as the settings always meant', () => {
    const ticks: Date[] = []
    const noonOn = (day: number) => {
      vi.useFakeTimers({ now: at(day, 11, 59) })
      const trigger = wallClockCron('0 12 1-7 * 1', () => ticks.push(new Date()))
      vi.advanceTimersByTime(2 * 60_000)
      trigger.stop()
    }
    noonOn(1) // Tuesday 1 December: in the first seven days, but not a Monday
    noonOn(7) // Monday 7 December
    expect(ticks).toEqual([at(7, 12, 0)])
  })

  it('works out its ticks without Intl, whose first use maps ~9 MB of locale data into `onair run`', () => {
    vi.useFakeTimers({ now: at(1, 11, 59) })
    const formats = vi.spyOn(Intl, 'DateTimeFormat')
    const trigger = wallClockCron('*/5 * * * *', () => undefined)
    vi.advanceTimersByTime(3_600_000)
    trigger.stop()
    expect(validateCron('0 9 * * mon-fri')).toEqual({ ok: true })
    expect(formats).not.toHaveBeenCalled()
  })
})
