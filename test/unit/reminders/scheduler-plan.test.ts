/**
 * The scheduler reminds of what the planner says, no more and no less: the property tests of
 * planner.test.ts guard the very function that production asks. Whatever the programs, settings
 * and moment, right after an update every reminder plan() returns has either gone out (due now, or
 * late within the grace period) or waits on the timer, and nothing else does.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { plan } from '../programs/fixtures'
import { schedulerFor } from '../../support/reminder-service'
import type { Delivery } from '../../../src/shared/schedule'
import { BASE, MIN, program, settingsArb } from '../programs/fixtures'

// Dense around one evening, so that reminders fall due, late within the grace period and just
// past it in most runs (the planner's own tests range over days).
const programsArb = fc.array(
  fc
    .record({
      id: fc.integer({ min: 1, max: 30 }),
      minute: fc.integer({ min: -240, max: 240 }),
      workId: fc.integer({ min: 1, max: 6 })
    })
    .map(({ id, minute, workId }) => program(id, BASE + minute * MIN, { workId, episodeId: id * 100 + workId })),
  { maxLength: 25 }
)
const leadsArb = fc.uniqueArray(fc.constantFrom(0, 5, 10, 15, 30, 60), { minLength: 1, maxLength: 3 })
const settingsNearArb = fc
  .tuple(settingsArb, leadsArb, fc.integer({ min: 0, max: 90 }))
  .map(([s, leadMinutes, graceMinutes]) => ({ ...s, leadMinutes, graceMinutes }))
const nowArb = fc.integer({ min: BASE - 3 * 60 * MIN, max: BASE + 3 * 60 * MIN })

const remindersOf = (d: Delivery) => (d.kind === 'single' ? [d.reminder] : d.reminders)
const keys = (rs: ReadonlyArray<{ key: string }>) => rs.map((r) => r.key).sort()

describe('the scheduler against plan()', () => {
  it('delivers the due part of the plan and waits for the rest', () => {
    fc.assert(
      fc.property(programsArb, settingsNearArb, nowArb, (programs, s, now) => {
        const { scheduler, fired: delivered } = schedulerFor({ clock: new ManualClock(now), settings: () => s })
        scheduler.update(programs)
        const expected = plan(programs, s, now, new Set())
        expect(scheduler.pending().map((r) => r.key)).toEqual(expected.filter((r) => r.fireAt > now).map((r) => r.key))
        expect(keys(delivered.flatMap(remindersOf))).toEqual(keys(expected.filter((r) => r.fireAt <= now)))
        scheduler.stop()
      })
    )
  })

  it('and after time passes, has delivered exactly what the plan held until then', () => {
    fc.assert(
      fc.property(
        programsArb,
        settingsNearArb,
        nowArb,
        fc.integer({ min: 0, max: 3 * 60 }),
        (programs, s, now, minutes) => {
          const clock = new ManualClock(now)
          const { scheduler, fired: delivered } = schedulerFor({ clock, settings: () => s })
          scheduler.update(programs)
          clock.advance(minutes * MIN)
          const later = now + minutes * MIN
          const expected = plan(programs, s, now, new Set()).filter((r) => r.fireAt <= later)
          expect(keys(delivered.flatMap(remindersOf))).toEqual(keys(expected))
          scheduler.stop()
        }
      )
    )
  })
})
