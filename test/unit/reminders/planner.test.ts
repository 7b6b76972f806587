import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { groupDue, ON_TIME_TOLERANCE_MS } from '../../../src/main/core/reminders/planner'
import { plan } from '../programs/fixtures'
import { isInQuietHours } from '../../../src/main/core/reminders/local-time'
import { BASE, DAY, MIN, nowArb, program, programArb, settings, settingsArb } from '../programs/fixtures'

const programsArb = fc.array(programArb, { maxLength: 25 })

describe("a work's own lead times", () => {
  const a = program(1, BASE + 60 * MIN, { workId: 10 })
  const b = program(2, BASE + 60 * MIN, { workId: 20 })
  const c = program(3, BASE + 60 * MIN, { workId: 30 })
  const s = settings({ leadMinutes: [10, 0], workLeadMinutes: { '10': [30], '20': [] } })

  it('replace the global list for that work only: 30 before, none at all; the others keep the global list', () => {
    const offsets = (p: { id: number }) =>
      plan([a, b, c], s, BASE, new Set())
        .filter((r) => r.programId === p.id)
        .map((r) => r.offsetMinutes)
    expect(offsets(a)).toEqual([30])
    expect(offsets(b)).toEqual([])
    expect(offsets(c)).toEqual([10, 0])
  })

  it('"only at start" is [0]', () => {
    const only = settings({ leadMinutes: [10], workLeadMinutes: { '10': [0] } })
    expect(plan([a], only, BASE, new Set()).map((r) => r.fireAt)).toEqual([BASE + 60 * MIN])
  })
})

describe('plan (properties)', () => {
  it('never returns a key twice, even when programs repeat', () => {
    fc.assert(
      fc.property(programsArb, settingsArb, nowArb, (ps, s, now) => {
        const keys = plan([...ps, ...ps], s, now, new Set()).map((r) => r.key)
        expect(new Set(keys).size).toBe(keys.length)
      })
    )
  })

  it('returns nothing missed by more than the grace period, sorted by fireAt then key', () => {
    fc.assert(
      fc.property(programsArb, settingsArb, nowArb, (ps, s, now) => {
        const rs = plan(ps, s, now, new Set())
        // A timer waking a few ms late is still on time: the grace period plus that tolerance.
        for (const r of rs) expect(r.fireAt).toBeGreaterThanOrEqual(now - s.graceMinutes * MIN - ON_TIME_TOLERANCE_MS)
        for (let i = 1; i < rs.length; i++) {
          const [a, b] = [rs[i - 1]!, rs[i]!]
          expect(a.fireAt < b.fireAt || (a.fireAt === b.fireAt && a.key < b.key)).toBe(true)
        }
      })
    )
  })

  it('fires exactly lead minutes before the start, one per program and lead time', () => {
    fc.assert(
      fc.property(programsArb, settingsArb, nowArb, (ps, s, now) => {
        for (const r of plan(ps, s, now, new Set())) {
          expect(s.leadMinutes).toContain(r.offsetMinutes)
          expect(r.fireAt).toBe(Date.parse(r.startedAt) - r.offsetMinutes * MIN)
          expect(r.key).toBe(`${r.programId}:${r.startedAt}:${r.offsetMinutes}`)
        }
      })
    )
  })

  it('respects quiet hours, the "remind me of" mode and hidden rebroadcasts', () => {
    fc.assert(
      fc.property(programsArb, settingsArb, nowArb, (ps, s, now) => {
        for (const r of plan(ps, s, now, new Set())) {
          expect(isInQuietHours(r.fireAt, s.quietHours, s.timeZone)).toBe(false)
          if (s.mode === 'only-picked') expect(s.pickedWorkIds).toContain(r.program.work.id)
          else expect(s.mutedWorkIds).not.toContain(r.program.work.id)
          if (s.hideRebroadcasts) expect(r.program.isRebroadcast).toBe(false)
        }
      })
    )
  })

  it('in only-picked mode, a picked work is reminded exactly as in all-except-muted with nothing muted', () => {
    fc.assert(
      fc.property(programsArb, settingsArb, nowArb, (ps, s, now) => {
        const picked = plan(ps, { ...s, mode: 'only-picked' }, now, new Set())
        const everything = plan(ps, { ...s, mode: 'all-except-muted', mutedWorkIds: [] }, now, new Set())
        const pickedIds = new Set(s.pickedWorkIds)
        expect(picked).toEqual(everything.filter((r) => pickedIds.has(r.program.work.id)))
      })
    )
  })

  it('never returns a key from the ledger, and returns every other key unchanged', () => {
    fc.assert(
      fc.property(programsArb, settingsArb, nowArb, fc.double({ min: 0, max: 1 }), (ps, s, now, frac) => {
        const all = plan(ps, s, now, new Set())
        const delivered = new Set(all.slice(0, Math.floor(all.length * frac)).map((r) => r.key))
        const rest = plan(ps, s, now, delivered)
        expect(rest.map((r) => r.key)).toEqual(all.filter((r) => !delivered.has(r.key)).map((r) => r.key))
      })
    )
  })

  it('gives a moved broadcast fresh keys', () => {
    fc.assert(
      fc.property(programArb, fc.integer({ min: 1, max: 600 }), settingsArb, (p, shift, s) => {
        const moved = program(p.id, Date.parse(p.startedAt) + shift * MIN, { workId: p.work.id })
        const now = Date.parse(p.startedAt) - 2 * 24 * 60 * MIN
        const before = new Set(plan([p], s, now, new Set()).map((r) => r.key))
        for (const r of plan([moved], s, now, before)) expect(before.has(r.key)).toBe(false)
        expect(plan([moved], s, now, before).length).toBe(plan([moved], s, now, new Set()).length)
      })
    )
  })
})

describe('plan (examples)', () => {
  const start = Date.UTC(2026, 3, 5, 16, 30) // 01:30 JST on the 6th
  const late = program(1, start)

  it('keeps a late-night JST slot outside quiet hours that end before it', () => {
    const s = settings({ timeZone: 'Asia/Tokyo', quietHours: { enabled: true, start: '02:00', end: '07:00' } })
    const rs = plan([late], s, start - 60 * MIN, new Set())
    expect(rs.map((r) => r.offsetMinutes)).toEqual([10, 0])
  })

  it('drops a late-night JST slot inside quiet hours that wrap midnight', () => {
    const s = settings({ timeZone: 'Asia/Tokyo', quietHours: { enabled: true, start: '23:00', end: '01:25' } })
    const rs = plan([late], s, start - 60 * MIN, new Set())
    // 01:20 is quiet, 01:30 is not.
    expect(rs.map((r) => r.offsetMinutes)).toEqual([0])
  })

  it('only-picked: nothing picked reminds of nothing; a picked work rings even while muted for the other mode', () => {
    const two = [program(1, start, { workId: 7 }), program(2, start, { workId: 8 })]
    const now = start - 60 * MIN
    const works = (s: Parameters<typeof plan>[1]) => [
      ...new Set(plan(two, s, now, new Set()).map((r) => r.program.work.id))
    ]
    expect(works(settings({ mode: 'only-picked' }))).toEqual([])
    expect(works(settings({ mode: 'only-picked', pickedWorkIds: [8], mutedWorkIds: [8] }))).toEqual([8])
    // Back in the default mode the same document mutes 8 and reminds of 7.
    expect(works(settings({ mode: 'all-except-muted', pickedWorkIds: [8], mutedWorkIds: [8] }))).toEqual([7])
  })

  it('keeps reminders within grace with their original fireAt and drops older ones', () => {
    const s = settings({ graceMinutes: 15 })
    const rs = plan([late], s, start + 6 * MIN, new Set())
    expect(rs.map((r) => [r.offsetMinutes, r.fireAt])).toEqual([[0, start]])
    expect(plan([late], s, start + 16 * MIN, new Set())).toEqual([])
  })

  it('normalises the episode number and the start time form', () => {
    const p = program(7, '2017-10-02T15:00:00Z')
    expect(p.startedAt).toBe('2017-10-02T15:00:00.000Z')
    expect(p.episode?.number).toBe('1')
  })

  it('dedupes lead minutes', () => {
    expect(settings({ leadMinutes: [0, 10, 0, 10] }).leadMinutes).toEqual([10, 0])
  })
})

describe('quiet hours across daylight-saving switches', () => {
  it('follows local wall time in Europe/Berlin on both sides of the spring switch', () => {
    const quiet = { enabled: true, start: '23:00', end: '07:00' }
    // 2026-03-29: Berlin goes from UTC+1 to UTC+2 at 01:00 UTC.
    expect(isInQuietHours(Date.UTC(2026, 2, 28, 5, 30), quiet, 'Europe/Berlin')).toBe(true) // 06:30 CET
    expect(isInQuietHours(Date.UTC(2026, 2, 28, 6, 30), quiet, 'Europe/Berlin')).toBe(false) // 07:30 CET
    expect(isInQuietHours(Date.UTC(2026, 2, 29, 4, 30), quiet, 'Europe/Berlin')).toBe(true) // 06:30 CEST
    expect(isInQuietHours(Date.UTC(2026, 2, 29, 5, 30), quiet, 'Europe/Berlin')).toBe(false) // 07:30 CEST
  })

  it('plans by local time in America/New_York across the autumn switch', () => {
    // 2026-11-01: New York goes from UTC-4 to UTC-5 at 06:00 UTC. Quiet 00:00-07:00 local.
    const s = settings({
      timeZone: 'America/New_York',
      leadMinutes: [0],
      quietHours: { enabled: true, start: '00:00', end: '07:00' }
    })
    const before = program(1, Date.UTC(2026, 9, 31, 11, 30)) // 07:30 EDT
    const after = program(2, Date.UTC(2026, 10, 1, 11, 30)) // 06:30 EST: quiet
    const afterLater = program(3, Date.UTC(2026, 10, 1, 12, 30)) // 07:30 EST
    const repeated = program(4, Date.UTC(2026, 10, 1, 6, 30)) // 01:30 EST, the second 01:30
    const rs = plan([before, after, afterLater, repeated], s, Date.UTC(2026, 9, 30), new Set())
    expect(rs.map((r) => r.programId)).toEqual([1, 3])
  })
})

describe('groupDue', () => {
  const t = Date.UTC(2026, 3, 5, 15, 0)
  const rs = (n: number, at: number) =>
    plan(
      Array.from({ length: n }, (_, i) => program(i + 1, at)),
      settings({ leadMinutes: [0] }),
      at - MIN,
      new Set()
    )

  it('groups three or more reminders of the same second', () => {
    const ds = groupDue(rs(3, t), 3)
    expect(ds).toHaveLength(1)
    expect(ds[0]).toMatchObject({ kind: 'group', fireAt: t })
  })

  it('keeps fewer than the threshold as singles', () => {
    expect(groupDue(rs(2, t), 3).map((d) => d.kind)).toEqual(['single', 'single'])
  })

  it('never loses or duplicates a reminder', () => {
    fc.assert(
      fc.property(fc.array(programArb, { maxLength: 20 }), fc.integer({ min: 2, max: 5 }), (ps, th) => {
        const all = plan(ps, settings(), BASE - 4 * DAY, new Set())
        const out = groupDue(all, th).flatMap((d) =>
          d.kind === 'single' ? [d.reminder.key] : d.reminders.map((r) => r.key)
        )
        expect(out.sort()).toEqual(all.map((r) => r.key).sort())
      })
    )
  })
})
