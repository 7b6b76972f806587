import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { ledgerFile } from '../../../src/main/core/reminders/files'
import type { Ledger } from '../../../src/main/core/reminders/ledger'
import { createLedger } from '../../support/memory-ledger'
import { describeDelivery } from '../../../src/main/core/reminders/reminder-text'
import { GAP_HORIZON_MS } from '../../../src/main/core/reminders/scheduler'
import { schedulerFor } from '../../support/reminder-service'
import type { CachedProgram, Delivery } from '../../../src/shared/schedule'
import type { ReminderSettingsInput } from '../../../src/shared/settings'
import { HOUR, MIN, program, settings } from '../programs/fixtures'
import { tempDir } from '../../support/temp-dir'
import { savedDocument } from '../../support/saved-documents'

/** Reminders across gaps: when nothing served the folder, and when the timer woke a little late. */
const T0 = Date.UTC(2026, 3, 5, 12, 0)

function daemon(clock: ManualClock, ledger: Ledger, s: ReminderSettingsInput = { leadMinutes: [0] }) {
  return schedulerFor({ clock, ledger, settings: () => settings(s) })
}

const servedAt = (at: number) => createLedger(() => {}, JSON.stringify({ version: 1, entries: {}, servedAt: at }))

describe('reminders across gaps', () => {
  it('graceMinutes 0: a timer waking a few ms late still delivers the reminder, not a "missed" line', () => {
    const clock = new ManualClock(T0)
    const { fired, scheduler } = daemon(
      clock,
      createLedger(() => {}),
      { leadMinutes: [0], graceMinutes: 0 }
    )
    scheduler.update([program(1, T0 + HOUR)])
    // The event loop was busy: the wake-up comes 40 ms after the reminder's time.
    clock.jumpTo(T0 + HOUR + 40)
    scheduler.replan()
    expect(fired.map((d) => d.kind)).toEqual(['single'])
  })

  it('after hours with nothing running: one "missed while Onair was not running" summary, then never again', () => {
    const clock = new ManualClock(T0 + 5 * HOUR)
    const ledger = servedAt(T0)
    const programs: CachedProgram[] = [program(1, T0 + HOUR), program(2, T0 + 2 * HOUR), program(3, T0 + 6 * HOUR)]
    const first = daemon(clock, ledger)
    first.scheduler.update(programs)
    expect(first.fired).toHaveLength(1)
    const summary = first.fired[0]!
    expect(summary).toMatchObject({ kind: 'missed', why: 'not-running' })
    if (summary.kind !== 'missed') return
    expect(summary.reminders.map((r) => r.programId)).toEqual([1, 2])
    const text = describeDelivery(summary, { locale: 'en', timeZone: 'UTC', now: clock.now() })
    expect(text.title).toBe('Missed while Onair was not running: 2 shows')
    expect(describeDelivery(summary, { locale: 'ja', timeZone: 'UTC', now: clock.now() }).title).toBe(
      'Onair が動いていない間に見逃した番組: 2 本'
    )
    // The next poll and a restart do not say it again; the future one still fires on time.
    first.scheduler.update(programs)
    first.scheduler.stop()
    const second = daemon(clock, ledger)
    second.scheduler.update(programs)
    clock.advanceTo(T0 + 6 * HOUR)
    expect(second.fired.map((d) => d.kind)).toEqual(['single'])
  })

  it('looks back at most 12 hours, and says nothing on the very first run', () => {
    const clock = new ManualClock(T0 + 30 * HOUR)
    const old = program(1, T0 + 2 * HOUR)
    const recent = program(2, clock.now() - GAP_HORIZON_MS + 30 * MIN)
    const after = daemon(clock, servedAt(T0))
    after.scheduler.update([old, recent])
    expect(after.fired).toHaveLength(1)
    expect(after.fired[0]!.kind === 'missed' && after.fired[0]!.reminders.map((r) => r.programId)).toEqual([2])

    const firstRun = daemon(
      clock,
      createLedger(() => {})
    )
    firstRun.scheduler.update([old, recent])
    expect(firstRun.fired).toEqual([])
  })

  it('two daemons on one saved ledger (another process): each reminder is delivered by one of them', () => {
    const dir = tempDir('onair-ledger-')
    const clock = new ManualClock(T0)
    const a = daemon(clock, ledgerFile(dir))
    const b = daemon(clock, ledgerFile(dir))
    const programs = [program(1, T0 + HOUR), program(2, T0 + HOUR), program(3, T0 + 2 * HOUR)]
    a.scheduler.update(programs)
    b.scheduler.update(programs)
    clock.advanceTo(T0 + 3 * HOUR)
    const keysOf = (fired: Delivery[]) =>
      fired.flatMap((d) => (d.kind === 'single' ? [d.reminder.key] : d.reminders.map((r) => r.key)))
    const all = [...keysOf(a.fired), ...keysOf(b.fired)]
    expect(all.sort()).toEqual([...new Set(all)].sort())
    expect(all).toHaveLength(3)
    const saved = savedDocument<{ entries: object; servedAt: number }>(dir, 'ledger')!
    expect(Object.keys(saved.entries)).toHaveLength(3)
    expect(saved.servedAt).toBe(T0 + 2 * HOUR)
  })
})
