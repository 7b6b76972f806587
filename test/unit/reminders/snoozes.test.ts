import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { ledgerFile, snoozesFile } from '../../../src/main/core/reminders/files'
import { reminderKey } from '../../../src/main/core/reminders/slots'
import { describeDelivery } from '../../../src/main/core/reminders/reminder-text'
import { schedulerFor } from '../../support/reminder-service'
import type { SnoozesDoc } from '../../../src/main/core/reminders/snoozes'
import { emptySnoozes, SNOOZE_MS, sortSnoozes } from '../../../src/main/core/reminders/snoozes'
import type { ReminderRef } from '../../../src/main/core/notify'
import type { CachedProgram, Delivery } from '../../../src/shared/schedule'
import type { ReminderSettingsInput } from '../../../src/shared/settings'
import { HOUR, MIN, program, settings } from '../programs/fixtures'
import { tempDir } from '../../support/temp-dir'
import { savedDocument } from '../../support/saved-documents'

const T0 = Date.UTC(2026, 3, 5, 12, 0)
const SHOW = program(1, T0 + 10 * MIN)
/** The 10-minute reminder of SHOW, shown at T0: the one the user snoozes. */
const REF: ReminderRef = {
  key: reminderKey(1, SHOW.startedAt, 10),
  programId: 1,
  startedAt: SHOW.startedAt,
  offsetMinutes: 10
}

/** Scheduler processes over one data folder (its database, as the app and `onair run` share it). */
function folder(clock: ManualClock, s: ReminderSettingsInput = { leadMinutes: [10] }) {
  const dir = tempDir('onair-snooze-')
  /** `null`: a process standing by, nothing planned yet. */
  const daemon = (programs: CachedProgram[] | null = [SHOW]) => {
    const { fired, scheduler } = schedulerFor({
      clock,
      ledger: ledgerFile(dir),
      snoozes: snoozesFile(dir),
      settings: () => settings(s)
    })
    if (programs) scheduler.update(programs)
    return { fired, scheduler }
  }
  const snoozes = () => snoozesFile(dir)
  const onDisk = (): SnoozesDoc => savedDocument<SnoozesDoc>(dir, 'snoozes')!
  return { dir, daemon, snoozes, onDisk }
}

/** The keys of the snoozed reminder in each delivery, with its kind. */
const shown = (fired: Delivery[]) =>
  fired.map((d) => (d.kind === 'single' ? `single ${d.reminder.key}` : `${d.kind} ${d.reminders.map((r) => r.key)}`))

describe('sortSnoozes (pure)', () => {
  const doc = (entries: Record<string, number>): SnoozesDoc => ({
    version: 1,
    snoozes: Object.fromEntries(
      Object.entries(entries).map(([key, fireAt]) => [
        key,
        {
          programId: Number(key),
          startedAt: program(Number(key), T0).startedAt,
          offsetMinutes: 0,
          fireAt,
          requestedAt: 0
        }
      ])
    )
  })
  const now = T0 + HOUR
  const programs = [1, 2, 3, 4].map((id) => program(id, T0, { workId: id }))

  it('waits for a future snooze, delivers one within the grace period, summarises an older one', () => {
    const sorted = sortSnoozes(doc({ 1: now + MIN, 2: now - MIN, 3: now - HOUR }), programs, settings(), now)
    expect(sorted.pending.map((r) => [r.key, r.fireAt])).toEqual([['1', now + MIN]])
    expect(sorted.due.map((r) => r.key)).toEqual(['2'])
    expect(sorted.late.map((r) => r.key)).toEqual(['3'])
    expect(sorted.settle.map((e) => e.key).sort()).toEqual(['2', '3'])
    // The snooze comes back as the reminder itself: its key, so its notification replaces the first.
    expect(sorted.due[0]).toMatchObject({ programId: 2, program: programs[1] })
  })

  it('settles without a word a snooze whose program was watched, moved or muted meanwhile', () => {
    const moved = program(2, T0 + 30 * MIN, { workId: 2 })
    const sorted = sortSnoozes(
      doc({ 1: now - MIN, 2: now - MIN, 3: now - MIN }),
      [moved, programs[2]!],
      settings({ mutedWorkIds: [3] }),
      now
    )
    expect(sorted.due).toEqual([])
    expect(sorted.late).toEqual([])
    expect(sorted.settle.map((e) => e.key).sort()).toEqual(['1', '2', '3'])
  })

  it('comes back worded for its channel’s offset; a channel set to "no reminders" meanwhile settles it', () => {
    const due = doc({ 1: now - MIN })
    const shifted = sortSnoozes(due, programs, settings({ channels: { '1': { offsetMinutes: 60 } } }), now)
    expect(shifted.due.map((r) => r.shiftMinutes)).toEqual([60])
    const text = describeDelivery({ kind: 'single', reminder: shifted.due[0]! }, { locale: 'en', timeZone: 'UTC', now })
    // Not the broadcast's own start: the hour later the channel makes it watchable.
    expect(text.body).not.toBe(
      describeDelivery(
        { kind: 'single', reminder: { ...shifted.due[0]!, shiftMinutes: 0 } },
        { locale: 'en', timeZone: 'UTC', now }
      ).body
    )
    const muted = sortSnoozes(due, programs, settings({ channels: { '1': { muted: true } } }), now)
    expect([muted.due, muted.late, muted.settle.length]).toEqual([[], [], 1])
  })

  it('quiet hours do not hold back a snooze the user asked for minutes ago', () => {
    const quiet = settings({ quietHours: { enabled: true, start: '00:00', end: '23:59' } })
    expect(sortSnoozes(doc({ 4: now }), programs, quiet, now).due.map((r) => r.key)).toEqual(['4'])
  })
})

describe('snooze: reminded again in 5 minutes, exactly once', () => {
  it('comes back 5 minutes after the press, as the same reminder, once; none is saved after', () => {
    const clock = new ManualClock(T0)
    const f = folder(clock)
    const app = f.daemon()
    expect(shown(app.fired)).toEqual([`single ${REF.key}`])
    clock.advance(40_000)
    expect(f.snoozes().add(REF, clock.now())).toBe(T0 + 40_000 + SNOOZE_MS)
    app.scheduler.replan()
    clock.advanceTo(T0 + 40_000 + SNOOZE_MS - 1)
    expect(app.fired).toHaveLength(1)
    clock.advance(1)
    expect(shown(app.fired)).toEqual([`single ${REF.key}`, `single ${REF.key}`])
    expect(f.onDisk()).toEqual(emptySnoozes())
    clock.advance(HOUR)
    app.scheduler.update([SHOW])
    expect(app.fired).toHaveLength(2)
  })

  it('pressed twice (a double click, the same toast from the Action Center): one snooze, from the later press', () => {
    const clock = new ManualClock(T0)
    const f = folder(clock)
    const app = f.daemon()
    f.snoozes().add(REF, clock.now())
    clock.advance(2_000)
    f.snoozes().add(REF, clock.now())
    app.scheduler.replan()
    expect(Object.keys(f.onDisk().snoozes)).toEqual([REF.key])
    clock.advance(SNOOZE_MS + HOUR)
    expect(shown(app.fired)).toEqual([`single ${REF.key}`, `single ${REF.key}`])
  })

  it('snoozing the snooze works again: +5 minutes from the second press, still one pending', () => {
    const clock = new ManualClock(T0)
    const f = folder(clock)
    const app = f.daemon()
    f.snoozes().add(REF, clock.now())
    app.scheduler.replan()
    clock.advance(SNOOZE_MS)
    expect(app.fired).toHaveLength(2)
    clock.advance(30_000)
    f.snoozes().add(REF, clock.now())
    app.scheduler.replan()
    expect(app.scheduler.pending().map((r) => [r.key, r.fireAt])).toEqual([[REF.key, clock.now() + SNOOZE_MS]])
    clock.advance(SNOOZE_MS)
    expect(app.fired).toHaveLength(3)
    clock.advance(HOUR)
    expect(app.fired).toHaveLength(3)
  })

  it('survives a restart: the next process delivers it at its time, the stopped one never', () => {
    const clock = new ManualClock(T0)
    const f = folder(clock)
    const before = f.daemon()
    f.snoozes().add(REF, clock.now())
    before.scheduler.replan()
    clock.advance(2 * MIN)
    before.scheduler.stop()
    clock.advance(MIN)
    const after = f.daemon()
    clock.advance(HOUR)
    expect(shown(before.fired)).toEqual([`single ${REF.key}`])
    expect(shown(after.fired)).toEqual([`single ${REF.key}`])
    // A third start finds nothing left to say.
    const third = f.daemon()
    expect(third.fired).toEqual([])
  })

  it('two processes serving one folder: the snooze is delivered by one of them, once', () => {
    const clock = new ManualClock(T0)
    const f = folder(clock)
    const a = f.daemon()
    const b = f.daemon()
    f.snoozes().add(REF, clock.now())
    a.scheduler.replan()
    b.scheduler.replan()
    clock.advance(HOUR)
    expect([...shown(a.fired), ...shown(b.fired)]).toEqual([`single ${REF.key}`, `single ${REF.key}`])
  })

  it('two processes that both saw it due: only one takes it; a newer press is not taken for the old one', () => {
    const clock = new ManualClock(T0)
    const f = folder(clock)
    const [a, b] = [f.snoozes(), f.snoozes()]
    const fireAt = a.add(REF, clock.now())
    const seen = [{ key: REF.key, fireAt }]
    expect([...a.take(seen)]).toEqual([REF.key])
    expect([...b.take(seen)]).toEqual([])

    const first = a.add(REF, clock.now())
    clock.advance(MIN)
    b.add(REF, clock.now())
    expect([...a.take([{ key: REF.key, fireAt: first }])]).toEqual([])
    expect(f.onDisk().snoozes[REF.key]?.fireAt).toBe(clock.now() + SNOOZE_MS)
  })

  it('a process standing by (nothing planned yet) neither delivers nor loses a snooze that fell due', () => {
    const clock = new ManualClock(T0)
    const f = folder(clock)
    f.daemon().scheduler.stop()
    f.snoozes().add(REF, clock.now())
    const { fired, scheduler: standby } = f.daemon(null)
    clock.advance(SNOOZE_MS)
    standby.replan()
    expect(fired).toEqual([])
    expect(Object.keys(f.onDisk().snoozes)).toEqual([REF.key])
    standby.update([SHOW])
    expect(shown(fired)).toEqual([`single ${REF.key}`])
  })

  it('back from sleep: delivered late within the grace period, summarised as missed after it', () => {
    const clock = new ManualClock(T0)
    const f = folder(clock, { leadMinutes: [10], graceMinutes: 15 })
    const app = f.daemon([SHOW, program(2, T0 + HOUR)])
    f.snoozes().add(REF, clock.now())
    app.scheduler.replan()
    clock.jumpTo(T0 + SNOOZE_MS + 10 * MIN)
    app.scheduler.replan()
    expect(shown(app.fired).at(-1)).toBe(`single ${REF.key}`)

    clock.advance(MIN)
    f.snoozes().add(REF, clock.now())
    app.scheduler.replan()
    clock.jumpTo(clock.now() + SNOOZE_MS + 20 * MIN)
    app.scheduler.replan()
    expect(app.fired.at(-1)).toMatchObject({ kind: 'missed', why: 'away' })
    expect(shown(app.fired).at(-1)).toBe(`missed ${REF.key}`)
    expect(f.onDisk()).toEqual(emptySnoozes())
  })

  it('fell due while nothing ran: "missed while Onair was not running", once', () => {
    const clock = new ManualClock(T0)
    const f = folder(clock)
    const app = f.daemon()
    f.snoozes().add(REF, clock.now())
    app.scheduler.replan()
    clock.advance(MIN)
    app.scheduler.stop()
    clock.advance(2 * HOUR)
    const next = f.daemon()
    expect(next.fired).toEqual([
      expect.objectContaining({
        kind: 'missed',
        why: 'not-running',
        reminders: [expect.objectContaining({ key: REF.key })]
      })
    ])
    expect(f.daemon().fired).toEqual([])
  })
})
