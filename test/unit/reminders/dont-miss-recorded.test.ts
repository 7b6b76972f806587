import { describe, expect, it } from 'vitest'
import { NewRecord } from '../../../src/shared/records'
import { watchedRecord } from '../../../src/shared/watched-record'
import { dontMissApp, MIN, T } from './dont-miss-app'

/**
 * "Don't let me miss it" stops when the user marks the episode watched anywhere, not only on the
 * reminder: here the window's own path (a schedule row's or the quick record's Watched is
 * `record:create` with the program's record, as the contract parses it), through the app's composition on a ManualClock.
 */
const app = () => dontMissApp('onair-dontmiss-')

describe("don't let me miss it, with the episode recorded elsewhere", () => {
  it('a Watched from the window (not on the reminder) stops the repeats; without it they come', async () => {
    for (const recordIt of [false, true]) {
      const { clock, p, deps, handlers, outcomes } = app()
      void deps.reminders.start()
      clock.advanceTo(T + 8 * MIN)
      expect(outcomes()).toEqual(['delivered'])
      if (recordIt) await handlers['record:create'](NewRecord.parse(watchedRecord(p)))
      clock.advanceTo(T + 40 * MIN)
      expect(outcomes()).toEqual(recordIt ? ['delivered'] : ['delivered', 'again', 'again'])
      deps.reminders.stop()
    }
  })
})
