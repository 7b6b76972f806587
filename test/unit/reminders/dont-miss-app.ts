import { createCore } from '../../../src/main/core/app'
import { ManualClock } from '../../support/manual-clock'
import { createHandlers } from '../../../src/main/core/ipc/handlers'
import { scheduleFileStore } from '../../../src/main/core/programs/schedule-file'
import { settingsFileStore } from '../../../src/main/core/store/settings'
import { defaultSettings, ReminderSettingsSchema } from '../../../src/shared/settings'
import { harnessDeps } from '../../support/harness-core'
import { tempDir } from '../../support/temp-dir'
import { program } from '../programs/fixtures'

export const MIN = 60_000
export const T = Date.UTC(2026, 3, 5, 12)

/**
 * The app's composition on a ManualClock at T over a folder holding one program of work 7
 * (episode 700) in 10 minutes, with a 3-minute reminder and the work marked "don't let me miss it".
 */
export function dontMissApp(prefix: string) {
  const dataDir = tempDir(prefix)
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
