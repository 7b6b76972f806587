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
 * A reminder's Watched undone within its undo window (the window's toast, the Records view): the
 * history says `undone` beside the watched act, so the list offers the buttons again and "don't let
 * me miss it" repeats as if nothing had been pressed. Through the app's composition on a ManualClock.
 */
const MIN = 60_000
const T = Date.UTC(2026, 3, 5, 12)

async function deliveredReminder() {
  const dataDir = tempDir('onair-undone-')
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
  void deps.reminders.start()
  clock.advanceTo(T + 8 * MIN)
  const shown = deps.reminders.history()[0]!.reminders[0]!
  const ref = { key: shown.key, programId: p.id, startedAt: p.startedAt, offsetMinutes: shown.offsetMinutes }
  const watched = await handlers['reminders:act']({ ref, action: 'watched' })
  const outcomes = () => deps.reminders.history().map((e) => e.outcome)
  return { clock, p, deps, handlers, watched, shown, outcomes }
}

describe('a Watched from a reminder, undone', () => {
  it('within its undo window: the history says undone, the list offers the buttons again, the repeats come', async () => {
    const { clock, deps, handlers, watched, shown, outcomes } = await deliveredReminder()
    const id = watched.entry!.id
    expect(await handlers['record:undo']({ id })).toEqual({ outcome: 'removed' })
    expect(deps.reminders.history().slice(1)).toEqual([
      expect.objectContaining({ outcome: 'watched', recordId: id }),
      { at: T + 8 * MIN, outcome: 'undone', reminders: [shown], recordId: id }
    ])
    expect((await handlers['reminders:history'](undefined)).actionable).toEqual([shown.key])
    clock.advanceTo(T + 40 * MIN)
    expect(outcomes()).toEqual(['delivered', 'watched', 'undone', 'again', 'again'])
    deps.reminders.stop()
  })

  it('a record no reminder queued, undone: the history keeps the reminder watched, no repeats', async () => {
    const other = await deliveredReminder()
    const own = await other.handlers['record:create'](NewRecord.parse(watchedRecord(other.p)))
    expect(await other.handlers['record:undo']({ id: own.id })).toEqual({ outcome: 'removed' })
    other.clock.advanceTo(T + 40 * MIN)
    expect(other.outcomes()).toEqual(['delivered', 'watched'])
    other.deps.reminders.stop()
  })
})
