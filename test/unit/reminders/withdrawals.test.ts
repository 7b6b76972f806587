import { describe, expect, it } from 'vitest'
import { historyReminder } from '../../../src/main/core/reminders/history'
import { reminderKey } from '../../../src/main/core/reminders/slots'
import { emptySnoozes } from '../../../src/main/core/reminders/snoozes'
import {
  checkId,
  CHECK_AHEAD_MS,
  goneFromPoll,
  nextCheck,
  pollIsStale,
  withdrawalOf
} from '../../../src/main/core/reminders/withdrawals'
import type { HistoryEntry } from '../../../src/shared/reminder-history'
import type { CachedProgram, Reminder } from '../../../src/shared/schedule'
import { BASE, HOUR, MIN, program } from '../programs/fixtures'

const window = { from: BASE - HOUR, to: BASE + 48 * HOUR }
const reminderOf = (p: CachedProgram, lead = 10): Reminder => {
  const at = Date.parse(p.startedAt)
  return {
    key: reminderKey(p.id, p.startedAt, lead),
    programId: p.id,
    offsetMinutes: lead,
    startedAt: p.startedAt,
    fireAt: at - lead * MIN,
    program: p
  }
}
const shown = (r: Reminder, outcome: HistoryEntry['outcome'] = 'delivered'): HistoryEntry => ({
  at: r.fireAt,
  outcome,
  reminders: [historyReminder(r)]
})

describe('what a poll says was recorded elsewhere', () => {
  const a = program(1, BASE + 10 * MIN, { episodeId: 11 })
  const b = program(2, BASE + 30 * MIN, { episodeId: 12 })

  it('a known broadcast missing from the walk, its start inside the window asked for', () => {
    expect(goneFromPoll([a, b], [b], window)).toEqual([a])
  })

  it('one that left the window (aired long ago, or beyond it) is not recorded: only out of sight', () => {
    const old = program(3, BASE - 2 * HOUR)
    const far = program(4, BASE + 49 * HOUR)
    expect(goneFromPoll([old, far, a], [a], window)).toEqual([])
  })

  it('a broadcast that moved keeps its id and is not withdrawn', () => {
    const moved = { ...a, startedAt: new Date(BASE + 40 * MIN).toISOString() }
    expect(goneFromPoll([a], [moved], window)).toEqual([])
  })
})

describe('what a withdrawal takes back', () => {
  const a = program(1, BASE + 10 * MIN, { episodeId: 11 })
  const b = program(2, BASE + 30 * MIN, { episodeId: 12 })
  const ra = reminderOf(a)
  const rb = reminderOf(b)

  it('the shown notification of the reminder, its snooze, and one history entry saying so', () => {
    const snoozes = emptySnoozes()
    snoozes.snoozes[ra.key] = {
      programId: 1,
      startedAt: a.startedAt,
      offsetMinutes: 10,
      fireAt: BASE,
      requestedAt: BASE
    }
    snoozes.snoozes[rb.key] = {
      programId: 2,
      startedAt: b.startedAt,
      offsetMinutes: 10,
      fireAt: BASE,
      requestedAt: BASE
    }
    const w = withdrawalOf([a], [shown(ra), shown(rb), shown(ra, 'snoozed')], snoozes, new Set(), BASE + 5 * MIN)
    expect(w.notifications).toEqual([ra.key])
    expect(w.snoozes).toEqual([ra.key])
    expect(w.history).toEqual([{ at: BASE + 5 * MIN, outcome: 'elsewhere', reminders: [historyReminder(ra)] }])
  })

  it('a group notice naming other shows stays on screen; never shown, nothing is said', () => {
    const group: HistoryEntry = {
      at: BASE,
      outcome: 'delivered',
      reminders: [historyReminder(ra), historyReminder(rb)]
    }
    expect(withdrawalOf([a], [group], emptySnoozes(), new Set(), BASE).notifications).toEqual([])
    expect(withdrawalOf([a], [], emptySnoozes(), new Set(), BASE).history).toEqual([])
  })

  it('said once; not said for an episode recorded here (Watched on the reminder, or the outbox)', () => {
    const now = BASE + 5 * MIN
    const told = withdrawalOf([a], [shown(ra)], emptySnoozes(), new Set(), now).history
    expect(withdrawalOf([a], [shown(ra), ...told], emptySnoozes(), new Set(), now).history).toEqual([])
    expect(withdrawalOf([a], [shown(ra)], emptySnoozes(), new Set([11]), now).history).toEqual([])
    expect(withdrawalOf([a], [shown(ra), shown(ra, 'watched')], emptySnoozes(), new Set(), now).history).toEqual([])
  })
})

describe('the check before a repeat or a snooze', () => {
  const a = program(1, BASE + 10 * MIN)
  const lead = reminderOf(a)
  const repeat: Reminder = { ...reminderOf(a, 0), key: '1:repeat1', repeat: 1 }

  it('the earliest repeat or snooze, a minute before it is due; a lead-time reminder is not checked', () => {
    expect(nextCheck([lead, repeat], new Set(), new Set())).toEqual({
      at: repeat.fireAt - CHECK_AHEAD_MS,
      reminder: repeat
    })
    expect(nextCheck([lead], new Set([lead.key]), new Set())?.reminder).toBe(lead)
    expect(nextCheck([lead], new Set(), new Set())).toBeNull()
    expect(nextCheck([repeat], new Set(), new Set([checkId(repeat)]))).toBeNull()
  })

  it('asks only when the last good poll is older than 5 minutes', () => {
    expect(pollIsStale(null, BASE)).toBe(true)
    expect(pollIsStale(BASE - 5 * MIN, BASE)).toBe(false)
    expect(pollIsStale(BASE - 5 * MIN - 1, BASE)).toBe(true)
  })
})
