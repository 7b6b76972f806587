import { describe, expect, it } from 'vitest'
import { expectedPremieres, expectedRepeats, tallyPremieres, tallyRepeats } from '../../../scripts/soak/notices'
import type { DaemonLine } from '../../../scripts/soak/tally'

/** The soak's repeat and premiere rows count what the seed and the settings say should come. */
const T = Date.UTC(2026, 10, 22, 12)
const MIN = 60_000
const DAY = 24 * 60 * MIN
const programs = [
  { programId: 1, startedAt: T },
  { programId: 2, startedAt: T + 10 * MIN }
]
const repeat = (programId: number, n: number): DaemonLine => ({
  type: 'repeat',
  repeat: n,
  programId,
  offsetMinutes: n === 1 ? 0 : -5,
  startedAt: new Date(T).toISOString(),
  firedAt: new Date(T).toISOString()
})
const premiere = (workId: number): DaemonLine => ({ ...repeat(1, 1), type: 'premiere', workId })

describe('soak: repeats and premieres', () => {
  it('expects the repeats the lead times leave room for, inside the window', () => {
    const all = { from: T - DAY, to: T + DAY }
    // 1,0: the reminder at start is the second of three; one repeat, 5 min after.
    expect(expectedRepeats(programs, [1, 0], all).map((r) => [r.programId, r.n])).toEqual([
      [1, 2],
      [2, 2]
    ])
    expect(expectedRepeats(programs, [10], all).map((r) => [r.programId, r.n, (r.due - T) / MIN])).toEqual([
      [1, 1, 0],
      [1, 2, 5],
      [2, 1, 10],
      [2, 2, 15]
    ])
    expect(expectedRepeats(programs, [30, 10, 0], all)).toEqual([])
    expect(expectedRepeats(programs, [1, 0], { from: T, to: T + 10 * MIN }).map((r) => r.programId)).toEqual([1])
  })

  it('counts shown, missed and each extra showing, and every line of what was not expected at all', () => {
    const expected = expectedRepeats(programs, [1, 0], { from: T - DAY, to: T + DAY })
    expect(tallyRepeats(programs, expected, [repeat(1, 2), repeat(1, 2), repeat(9, 2), repeat(9, 1)])).toEqual({
      expected: 2,
      shown: 1,
      missed: 1,
      duplicated: 1,
      unexpected: 2
    })
    expect(tallyPremieres([100], [premiere(100), premiere(7), premiere(7)])).toEqual({
      expected: 1,
      shown: 1,
      missed: 0,
      duplicated: 0,
      unexpected: 2
    })
    expect(tallyPremieres([100, 3], [premiere(100), premiere(100)])).toEqual({
      expected: 2,
      shown: 1,
      missed: 1,
      duplicated: 1,
      unexpected: 0
    })
  })

  it('expects a premiere for each work on the schedule with a first episode ahead, not a rebroadcast', () => {
    const first = { startedAt: T + MIN, isRebroadcast: false, episode: 1, onSchedule: true }
    expect(
      expectedPremieres(
        [
          { ...first, workId: 3 },
          { ...first, workId: 3, startedAt: T + DAY },
          { ...first, workId: 4, episode: 2 },
          { ...first, workId: 5, onSchedule: false },
          { ...first, workId: 6, isRebroadcast: true },
          { ...first, workId: 7, startedAt: T - MIN },
          { ...first, workId: 1, episode: null },
          { ...first, workId: 2 }
        ],
        T
      )
    ).toEqual([2, 3])
  })
})
