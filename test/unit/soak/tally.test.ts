import { describe, expect, it } from 'vitest'
import { quantile } from '../../../bench/stats'
import {
  expectedReminders,
  failedChecks,
  formatTable,
  reminderKey,
  soakChecks,
  tallyConfirmations,
  tallyRecords,
  tallyReminders,
  type DaemonLine
} from '../../../scripts/soak/tally'

/** The soak's verdict is only as good as its bookkeeping: what it expects and how it counts. */
const T = Date.UTC(2026, 10, 22, 12)
const programs = [
  { programId: 1, startedAt: T + 120_000 },
  { programId: 2, startedAt: T + 180_000 }
]
const line = (programId: number, offsetMinutes: number, firedAt: number, type: DaemonLine['type'] = 'reminder') => ({
  type,
  programId,
  offsetMinutes,
  startedAt: new Date(programs.find((p) => p.programId === programId)!.startedAt).toISOString(),
  firedAt: new Date(firedAt).toISOString()
})

describe('soak tally', () => {
  it('expects each program × lead time due inside the window, earliest first', () => {
    const expected = expectedReminders(programs, [1, 0], { from: T + 60_000, to: T + 150_000 })
    expect(expected.map((r) => [r.programId, r.offsetMinutes, r.due - T])).toEqual([
      [1, 1, 60_000],
      [1, 0, 120_000],
      [2, 1, 120_000]
    ])
  })

  it('counts fired, missed (a "missed" summary included), duplicated, and lateness of the first showing', () => {
    const expected = expectedReminders(programs, [1, 0], { from: T, to: T + 600_000 })
    const tally = tallyReminders(programs, expected, [
      line(1, 1, T + 60_100),
      line(1, 1, T + 60_900), // a second daemon
      line(1, 0, T + 120_050),
      line(2, 1, T + 122_000, 'missed'),
      line(2, 0, T + 180_000),
      { ...line(2, 0, T + 180_000), programId: 99 } // not a seeded program
    ])
    expect(tally).toEqual({
      programs: 2,
      expected: 4,
      fired: 3,
      missed: 1,
      duplicated: 1,
      lateness: { count: 3, p50: 50, p99: 100, max: 100 },
      onTime: { count: 3, p50: 50, p99: 100, max: 100 },
      afterRestart: { count: 0, p50: 0, p99: 0, max: 0 }
    })
  })

  it('tells reminders due across a restart from on-time ones, counted from the new daemon start', () => {
    const expected = expectedReminders(programs, [1, 0], { from: T, to: T + 600_000 })
    // The daemon stopped at 55 s and its successor, started at 61 s, printed its first line at 62 s.
    const restarts = [{ from: T + 55_000, spawnedAt: T + 61_000, to: T + 62_000 }]
    const tally = tallyReminders(
      programs,
      expected,
      [line(1, 1, T + 61_400), line(1, 0, T + 120_020), line(2, 1, T + 120_030)],
      restarts
    )
    expect(tally.afterRestart).toEqual({ count: 1, p50: 400, p99: 400, max: 400 })
    expect(tally.onTime).toEqual({ count: 2, p50: 20, p99: 30, max: 30 })
    expect(tally.lateness.max).toBe(1_400)
  })

  it('records: an attempted episode without a record is lost, each extra record a double', () => {
    expect(tallyRecords([10, 11, 12, 13], [10, 11, 11, 11, 13, 99])).toEqual({
      attempted: 4,
      created: 5,
      lost: 1,
      doubled: 2
    })
  })

  it('needing confirmation: records of the run whose broadcast was known are decidable, the others may ask', () => {
    const left = [
      { kind: 'record', state: 'needs-confirmation', episodeId: 10, programId: 7 },
      { kind: 'record', state: 'needs-confirmation', episodeId: 11, workId: 3 },
      { kind: 'record', state: 'needs-confirmation', episodeId: 12 },
      { kind: 'record', state: 'sent', episodeId: 13, programId: 8 },
      { kind: 'record', state: 'needs-confirmation', episodeId: 99, programId: 9 }, // not the run's
      { kind: 'status', state: 'failed' }
    ]
    expect(tallyConfirmations([10, 11, 12, 13], left)).toEqual({ total: 3, decidable: 2 })
  })

  it('fails on anything missed, duplicated, lost, doubled, hung or needing confirmation where decidable; the table names every figure', () => {
    const reminders = {
      programs: 2,
      expected: 4,
      fired: 4,
      missed: 0,
      duplicated: 0,
      lateness: { count: 4, p50: 50, p99: 90, max: 1250 },
      onTime: { count: 3, p50: 40, p99: 90, max: 90 },
      afterRestart: { count: 1, p50: 1250, p99: 1250, max: 1250 }
    }
    const records = { attempted: 3, created: 3, lost: 0, doubled: 0 }
    const confirmations = { total: 1, decidable: 0 }
    const repeats = { expected: 5, shown: 5, missed: 0, duplicated: 0, unexpected: 0 }
    const premieres = { expected: 4, shown: 4, missed: 0, duplicated: 0, unexpected: 0 }
    const ok = { minutes: 1, reminders, repeats, premieres, records, confirmations, hung: [] }
    expect(failedChecks(ok)).toEqual([])
    // npm test counts one pass or fail for each (the report carries how many).
    expect(soakChecks(ok).map(([name]) => name)).toEqual([
      'missed',
      'duplicated',
      'repeats missed',
      'repeats duplicated',
      'repeats unexpected',
      'premieres missed',
      'premieres duplicated',
      'premieres unexpected',
      'lost',
      'doubled',
      'needing confirmation',
      'hung'
    ])
    expect(
      failedChecks({
        ...ok,
        reminders: { ...reminders, missed: 1 },
        repeats: { ...repeats, duplicated: 1, unexpected: 3 },
        premieres: { ...premieres, missed: 1, duplicated: 2, unexpected: 1 },
        records: { ...records, doubled: 2 },
        confirmations: { total: 2, decidable: 1 },
        hung: ['record 5']
      })
    ).toEqual([
      'missed 1',
      'repeats duplicated 1',
      'repeats unexpected 3',
      'premieres missed 1',
      'premieres duplicated 2',
      'premieres unexpected 1',
      'doubled 2',
      'needing confirmation 1',
      'hung 1'
    ])
    const table = formatTable({ ...ok, minutes: 3 })
    expect(table).toMatch(/\| repeats expected \/ shown \/ missed +\| 5 \/ 5 \/ 0 \|/)
    expect(table).toMatch(/\| premieres duplicated +\| 0 \|/)
    expect(table).toMatch(/\| repeats unexpected +\| 0 \|\n\| premieres expected/)
    expect(table).toMatch(/\| premieres unexpected +\| 0 \|/)
    expect(table).toMatch(/\| records needing confirmation +\| 1 \(1 with no broadcast known\) \|/)
    expect(table).toContain('| soak, 3 min |')
    expect(table).toMatch(/\| lateness p50 \/ p99 \/ max +\| 50 ms \/ 90 ms \/ 1250 ms \|/)
    expect(table).toMatch(/\| on time \(3\): lateness p50 \/ p99 \/ max +\| 40 ms \/ 90 ms \/ 90 ms \|/)
    expect(table).toMatch(
      /\| across a restart \(1\): from its start p50 \/ p99 \/ max +\| 1250 ms \/ 1250 ms \/ 1250 ms \|/
    )
    expect(table).toMatch(/\| records lost +\| 0 \|/)
  })

  it('quantile is nearest-rank; a key names program, start and lead', () => {
    expect(quantile([], 0.5)).toBe(0)
    expect(quantile([5, 1, 3], 0.5)).toBe(3)
    expect(
      quantile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.99
      )
    ).toBe(99)
    expect(reminderKey(7, T, 10)).toBe('7@2026-11-22T12:00:00.000Z-10')
  })
})
