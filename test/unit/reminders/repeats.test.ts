import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isInQuietHours } from '../../../src/main/core/reminders/local-time'
import { planAt } from '../../../src/main/core/reminders/planner'
import { plan } from '../programs/fixtures'
import { actedOn, broadcastOf, MAX_PER_EPISODE } from '../../../src/main/core/reminders/repeats'
import { slotIdentity } from '../../../src/main/core/reminders/slots'
import type { HistoryEntry } from '../../../src/shared/reminder-history'
import type { CachedProgram, Reminder } from '../../../src/shared/schedule'
import type { ReminderSettingsInput } from '../../../src/shared/settings'
import { BASE, DAY, MIN, program, programArb, settings, settingsArb } from '../programs/fixtures'

/** A ledger in memory that knows when each key was delivered, as the real one does. */
function ledgerOf(entries: Record<string, number> = {}) {
  const m = new Map(Object.entries(entries))
  return {
    has: (k: string) => m.has(k),
    deliveredAt: (k: string) => m.get(k),
    deliver(r: Reminder, at: number) {
      for (const { key } of [r, ...(r.siblings ?? [])]) m.set(key, at)
    }
  }
}

const START = BASE + 20 * 60 * MIN
const p = program(1, START, { workId: 7 })
const key = (lead: number) => `1:${p.startedAt}:${lead}`
const dontMiss = (input: ReminderSettingsInput = {}) => settings({ dontMissWorkIds: [7], ...input })
const repeats = (rs: Reminder[]) => rs.filter((r) => r.repeat).map((r) => [r.repeat, (r.fireAt - START) / MIN])

describe('"don\'t let me miss it" in the plan', () => {
  it('with the default lead times, one repeat 5 min after the start: the reminder at start is the second', () => {
    const ledger = ledgerOf({ [key(10)]: START - 10 * MIN })
    expect(repeats(plan([p], dontMiss(), START - 9 * MIN, ledger))).toEqual([[2, 5]])
    // The lead time at start is still planned as itself, not as a repeat.
    expect(plan([p], dontMiss(), START - 9 * MIN, ledger).map((r) => r.key)).toEqual([
      key(0),
      `1:${p.startedAt}:repeat2`
    ])
  })

  it('with one lead time, repeats at the start and 5 min after; with three lead times, none', () => {
    const one = dontMiss({ leadMinutes: [10] })
    expect(repeats(plan([p], one, START - 9 * MIN, ledgerOf({ [key(10)]: START - 10 * MIN })))).toEqual([
      [1, 0],
      [2, 5]
    ])
    const three = dontMiss({ leadMinutes: [30, 10, 0] })
    expect(repeats(plan([p], three, START - 29 * MIN, ledgerOf({ [key(30)]: START - 30 * MIN })))).toEqual([])
  })

  it('repeats only what was shown, only for works chosen, and each repeat once (the ledger has its own key)', () => {
    const one = dontMiss({ leadMinutes: [10] })
    expect(repeats(plan([p], one, START - 20 * MIN, ledgerOf()))).toEqual([])
    expect(
      repeats(plan([p], settings({ leadMinutes: [10] }), START - 9 * MIN, ledgerOf({ [key(10)]: START - 10 * MIN })))
    ).toEqual([])
    const after = ledgerOf({ [key(10)]: START - 10 * MIN, [`1:${p.startedAt}:repeat1`]: START })
    expect(repeats(plan([p], one, START + 1000, after))).toEqual([[2, 5]])
  })

  it('stops for a Watched, a Snooze or a click on any reminder of the broadcast, a repeat included', () => {
    const ledger = ledgerOf({ [key(10)]: START - 10 * MIN })
    for (const outcome of ['watched', 'snoozed', 'opened'] as const) {
      const entry: HistoryEntry = {
        at: START - 8 * MIN,
        outcome,
        reminders: [{ key: `1:${p.startedAt}:repeat1`, offsetMinutes: 0, fireAt: START, program: p }]
      }
      expect(repeats(plan([p], dontMiss({ leadMinutes: [10] }), START - 8 * MIN, ledger, actedOn([entry])))).toEqual([])
    }
    // Shown, missed or held is not acting on it.
    const shown: HistoryEntry = {
      at: START,
      outcome: 'delivered',
      reminders: [{ key: key(10), offsetMinutes: 10, fireAt: START, program: p }]
    }
    expect(actedOn([shown]).has(broadcastOf(1, p.startedAt))).toBe(false)
  })

  it("a repeat replaces the notification of the episode's reminder shown last (its own ledger key kept)", () => {
    const both = ledgerOf({ [key(10)]: START - 10 * MIN, [key(0)]: START })
    const [r] = plan([p], dontMiss(), START + 1000, both).filter((r) => r.repeat)
    expect(r).toMatchObject({ key: `1:${p.startedAt}:repeat2`, replaces: key(0) })
    const one = ledgerOf({ [key(10)]: START - 10 * MIN })
    const repeated = plan([p], dontMiss({ leadMinutes: [10] }), START - 9 * MIN, one).filter((r) => r.repeat)
    expect(repeated.map((r) => r.replaces)).toEqual([key(10), key(10)])
  })

  it('stops once the episode is recorded watched from anywhere (the outbox), on whichever airing', () => {
    const first = program(1, START, { workId: 7, episodeId: 100 })
    const later = program(2, START + 30 * MIN, { workId: 7, episodeId: 100 })
    const ledger = ledgerOf({ [key(10)]: START - 10 * MIN })
    const one = dontMiss({ leadMinutes: [10] })
    expect(repeats(plan([first, later], one, START - 8 * MIN, ledger, actedOn([], new Set([101]))))).toEqual([
      [1, 0],
      [2, 5]
    ])
    expect(repeats(plan([first, later], one, START - 8 * MIN, ledger, actedOn([], new Set([100]))))).toEqual([])
  })

  it('quiet hours hold a repeat; one whose reminder was shown late (after its time) is not made', () => {
    const quiet = dontMiss({ leadMinutes: [10], quietHours: { enabled: true, start: '19:58', end: '20:02' } })
    const early = ledgerOf({ [key(10)]: START - 10 * MIN })
    expect(repeats(plan([p], quiet, START - 9 * MIN, early))).toEqual([[2, 5]])
    const late = ledgerOf({ [key(10)]: START + 2 * MIN })
    expect(repeats(plan([p], dontMiss({ leadMinutes: [10] }), START + 2 * MIN, late))).toEqual([[2, 5]])
  })

  it('one reminder per episode: the airings of an episode share its repeats, whichever was reminded or repeated', () => {
    const later = program(2, START + 30 * MIN, { workId: 7, episodeId: 100 })
    const first = program(1, START, { workId: 7, episodeId: 100 })
    const one = dontMiss({ leadMinutes: [10] })
    const at = START - 9 * MIN
    // Reminded on the later airing's key (its slot was the earliest before an offset changed).
    const ledger = ledgerOf({ [`2:${later.startedAt}:10`]: START - 10 * MIN })
    const [r1, r2] = plan([first, later], one, at, ledger).filter((r) => r.repeat)
    expect(r1).toMatchObject({ programId: 1, siblings: [{ key: `2:${later.startedAt}:repeat1` }] })
    expect(r2?.key).toBe(`1:${first.startedAt}:repeat2`)
    // Repeated on the other airing already: not again on this one.
    ledger.deliver({ ...r1!, key: `2:${later.startedAt}:repeat1`, siblings: [] }, START)
    expect(repeats(plan([first, later], one, START + 1000, ledger))).toEqual([[2, 5]])
  })

  it('a repeat that came too late is dropped, never summarised as missed', () => {
    const ledger = ledgerOf({ [key(10)]: START - 10 * MIN })
    const { reminders, open } = planAt([p], dontMiss({ leadMinutes: [10] }), START + 30 * MIN, ledger)
    expect(reminders.filter((r) => r.repeat)).toEqual([])
    expect(open.filter((r) => r.repeat)).toEqual([])
  })
})

/** Programs of a few works, each episode aired once or twice, none on a channel with an offset. */
const programsArb = fc.array(programArb, { maxLength: 12 })
const caseArb = fc.record({
  programs: programsArb,
  settings: fc
    .tuple(
      settingsArb,
      fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 2, maxLength: 8 }),
      // Mostly one or two lead times, as users set them: three leave no room for a repeat.
      fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 3 })
    )
    .map(([s, ids, leadMinutes]) => settings({ ...s, dontMissWorkIds: ids, leadMinutes })),
  /** The user acts on the programs whose id leaves this remainder by 3, at their first reminder shown. */
  actsOn: fc.integer({ min: 0, max: 3 })
})

/**
 * Runs the plan as the scheduler does, from before anything is due to after everything: at each
 * next moment, delivers what is due and records it; the user acts on some broadcasts at their
 * first reminder. Returns every delivery.
 */
function run(programs: CachedProgram[], s: ReturnType<typeof settings>, actsOn: number) {
  const ledger = ledgerOf()
  const acted = new Set<string>()
  const shown: Array<{ r: Reminder; at: number; actedBefore: boolean }> = []
  let now = BASE - 5 * DAY
  for (let i = 0; i < 500; i++) {
    const rs = plan(programs, s, now, ledger, { has: (b) => acted.has(b), recorded: () => false })
    for (const r of rs.filter((x) => x.fireAt <= now)) {
      const broadcast = broadcastOf(r.programId, r.startedAt)
      shown.push({ r, at: now, actedBefore: acted.has(broadcast) })
      ledger.deliver(r, now)
      if (r.programId % 3 === actsOn) acted.add(broadcast)
    }
    const next = rs.filter((x) => x.fireAt > now).map((x) => x.fireAt)
    if (next.length === 0) break
    now = Math.min(...next)
  }
  return shown
}

describe('"don\'t let me miss it" (property)', () => {
  it('at most 3 per episode with its repeats, none after start+5 min, none in quiet hours, none once acted on', () => {
    let repeated = 0
    fc.assert(
      fc.property(caseArb, ({ programs, settings: s, actsOn }) => {
        const shown = run(programs, s, actsOn)
        const perEpisode = new Map<string, number>()
        for (const { r } of shown) {
          const id = slotIdentity(r.program, s)
          perEpisode.set(id, (perEpisode.get(id) ?? 0) + 1)
        }
        for (const { r, actedBefore } of shown.filter((x) => x.r.repeat)) {
          repeated++
          expect(s.dontMissWorkIds).toContain(r.program.work.id)
          expect(perEpisode.get(slotIdentity(r.program, s))).toBeLessThanOrEqual(MAX_PER_EPISODE)
          expect(r.fireAt).toBeGreaterThanOrEqual(Date.parse(r.startedAt))
          expect(r.fireAt).toBeLessThanOrEqual(Date.parse(r.startedAt) + 5 * MIN)
          expect(isInQuietHours(r.fireAt, s.quietHours, s.timeZone)).toBe(false)
          expect(actedBefore).toBe(false)
        }
        // Each delivery is its own key: a repeat is never a duplicate of a reminder or of itself.
        const keys = shown.map(({ r }) => r.key)
        expect(new Set(keys).size).toBe(keys.length)
      }),
      { numRuns: 300 }
    )
    // The cases do reach repeats (a property over none would pass whatever the planner did).
    expect(repeated).toBeGreaterThan(10)
  })
})
