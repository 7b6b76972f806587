import { describe, expect, it } from 'vitest'
import { isLate, reminderRows } from '../../../src/renderer/src/views/reminders/rows'
import type { HistoryEntry, HistoryOutcome } from '../../../src/shared/reminder-history'
import type { CachedProgram } from '../../../src/shared/schedule'

const program = (id: number) =>
  ({
    id,
    startedAt: '2026-11-22T14:00:00.000Z',
    isRebroadcast: false,
    channel: { id: 1, name: 'Tokyo MX' },
    work: { id, title: `Work ${id}` },
    episode: { id: id * 100, number: 1, numberText: '#1', title: null }
  }) as unknown as CachedProgram
const reminder = (id: number) => ({ key: `k${id}`, offsetMinutes: 10, fireAt: 0, program: program(id) })
const entry = (at: number, outcome: HistoryOutcome, ...ids: number[]): HistoryEntry => ({
  at,
  outcome,
  reminders: ids.map(reminder)
})
/** Each row as `outcome:key`, with `+` where it offers Watched and Snooze. */
const shape = (entries: HistoryEntry[], actionable: string[]) =>
  reminderRows({ entries, actionable }).map((r) => `${r.entry.outcome}:${r.reminder.key}${r.canAct ? '+' : ''}`)

describe('the Reminders list rows', () => {
  it('newest first, one row per reminder of a missed summary', () => {
    expect(shape([entry(1, 'quiet', 1), entry(2, 'missed', 2, 3), entry(3, 'delivered', 4)], [])).toEqual([
      'delivered:k4',
      'missed:k2',
      'missed:k3',
      'quiet:k1'
    ])
  })

  it('offers the buttons once per reminder still on the schedule, on its newest row', () => {
    const entries = [entry(1, 'delivered', 1), entry(2, 'snoozed', 1), entry(3, 'missed', 2, 3)]
    expect(shape(entries, ['k1', 'k2'])).toEqual(['missed:k2+', 'missed:k3', 'snoozed:k1+', 'delivered:k1'])
  })

  it('never on a reminder marked watched, even by an older entry than the newest', () => {
    const entries = [entry(1, 'delivered', 1), entry(2, 'watched', 1), entry(3, 'opened', 1)]
    expect(shape(entries, ['k1'])).toEqual(['opened:k1', 'watched:k1', 'delivered:k1'])
  })

  it('offers them again once that Watched is undone, on the undone row; not for another record undone', () => {
    const watched = (at: number, recordId: string) => ({ ...entry(at, 'watched', 1), recordId })
    const undone = (at: number, recordId: string) => ({ ...entry(at, 'undone', 1), recordId })
    expect(shape([entry(1, 'delivered', 1), watched(2, 'r1'), undone(3, 'r1')], ['k1'])).toEqual([
      'undone:k1+',
      'watched:k1',
      'delivered:k1'
    ])
    expect(shape([watched(1, 'r1'), undone(2, 'r2')], ['k1'])).toEqual(['undone:k1', 'watched:k1'])
    // Watched again after the undo: marked watched once more.
    expect(shape([watched(1, 'r1'), undone(2, 'r1'), watched(3, 'r3')], ['k1'])).toEqual([
      'watched:k1',
      'undone:k1',
      'watched:k1'
    ])
  })

  it('offers none on a premiere notice, which announces a work rather than reminds of a broadcast', () => {
    expect(shape([entry(1, 'premiere', 1), entry(2, 'delivered', 2)], ['k1', 'k2'])).toEqual([
      'delivered:k2+',
      'premiere:k1'
    ])
  })

  it('offers none on a reminder withdrawn because its episode was recorded elsewhere', () => {
    expect(shape([entry(1, 'delivered', 1), entry(2, 'elsewhere', 1)], ['k1'])).toEqual([
      'elsewhere:k1',
      'delivered:k1'
    ])
  })

  it('keeps rows apart when one reminder appears in several entries', () => {
    const rows = reminderRows({ entries: [entry(1, 'delivered', 1), entry(2, 'snoozed', 1)], actionable: [] })
    expect(new Set(rows.map((r) => r.id)).size).toBe(2)
  })

  it('counts less than a minute late as on time', () => {
    expect([undefined, 0, 59_999, 60_000, 3 * 60_000].map(isLate)).toEqual([false, false, false, true, true])
  })
})
