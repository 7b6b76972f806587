import { describe, expect, it } from 'vitest'
import { NewRecord } from '../../../src/shared/records'
import { watchedRecord } from '../../../src/shared/watched-record'
import { dontMissApp, MIN, T } from './dont-miss-app'

/**
 * A reminder's Watched undone within its undo window (the window's toast, the Records view): the
 * history says `undone` beside the watched act, so the list offers the buttons again and "don't let
 * me miss it" repeats as if nothing had been pressed. Through the app's composition on a ManualClock.
 */
async function deliveredReminder() {
  const { clock, p, deps, handlers, outcomes } = dontMissApp('onair-undone-')
  void deps.reminders.start()
  clock.advanceTo(T + 8 * MIN)
  const shown = deps.reminders.history()[0]!.reminders[0]!
  const ref = { key: shown.key, programId: p.id, startedAt: p.startedAt, offsetMinutes: shown.offsetMinutes }
  const watched = await handlers['reminders:act']({ ref, action: 'watched' })
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
