import { describe, expect, it } from 'vitest'
import { createCore } from '../../../src/main/core/app'
import { ManualClock } from '../../../src/main/core/clock'
import { createHandlers } from '../../../src/main/core/ipc/handlers'
import { scheduleFileStore } from '../../../src/main/core/schedule/schedule-file'
import { settingsFileStore } from '../../../src/main/core/store/settings'
import { NewRecord } from '../../../src/shared/records'
import { ReminderSettingsSchema } from '../../../src/shared/schedule'
import { defaultSettings } from '../../../src/shared/settings'
import { watchedRecord } from '../../../src/shared/watched-record'
import { harnessDeps } from '../../support/harness-core'
import { tempDir } from '../../support/temp-dir'
import { program } from './fixtures'

/**
 * "Don't let me miss it" stops when the user marks the episode watched anywhere, not only on the
 * reminder: here the window's own path (a schedule row's or the quick record's Watched is
 * `record:create` with the program's record, as the contract parses it), through the app's composition on a ManualClock.
 */
const MIN = 60_000
const T = Date.UTC(2026, 3, 5, 12)

function app() {
  const dataDir = tempDir('onair-dontmiss-')
  const clock = new ManualClock(T)
  const p = program(1, T + 10 * MIN, { workId: 7, episodeId: 700 })
  scheduleFileStore(dataDir).write({ fetchedAt: new Date(T).toISOString(), programs: [p] })
  settingsFileStore(dataDir).write({
    ...defaultSettings(),
    reminders: ReminderSettingsSchema.parse({
      timeZone: 'UTC',
      premiere: false,
      leadMinutes: [3],
      dontMissWorkIds: [7]
    })
  })
  const deps = harnessDeps({ dataDir, clock })
  const handlers = createHandlers(createCore(deps))
  const outcomes = () => deps.reminders.history().map((e) => e.outcome)
  return { clock, p, deps, handlers, outcomes }
}

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
