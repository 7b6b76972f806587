import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { plan } from '../programs/fixtures'
import { latestShift } from '../../../src/main/core/programs/poll'
import { describeDelivery } from '../../../src/main/core/reminders/reminder-text'
import { schedulerFor } from '../../support/reminder-service'
import { CachedProgramSchema, type CachedProgram, type Delivery } from '../../../src/shared/schedule'
import { type ReminderSettings, type ReminderSettingsInput } from '../../../src/shared/settings'
import { DAY, HOUR, MIN, settings } from '../programs/fixtures'

/**
 * Reminders when you can watch: a channel's offset moves its reminders, a channel can be silenced,
 * and one episode on several channels is reminded once, at the earliest slot after offsets.
 */
const T0 = Date.UTC(2026, 3, 5, 12, 0)

function airing(id: number, start: number, channelId: number, episodeId: number | null = id * 100): CachedProgram {
  return CachedProgramSchema.parse({
    id,
    startedAt: new Date(start).toISOString(),
    isRebroadcast: false,
    channel: { id: channelId, name: `Channel ${channelId}` },
    work: { id: 7, title: 'Starlit Courier' },
    episode: episodeId === null ? null : { id: episodeId, number: 6, numberText: '#6', title: null }
  })
}

const offsets = (byChannel: Record<number, number>, extra: ReminderSettingsInput = {}): ReminderSettings =>
  settings({
    ...extra,
    channels: Object.fromEntries(Object.entries(byChannel).map(([id, offsetMinutes]) => [id, { offsetMinutes }]))
  })

const delivered = (ds: readonly Delivery[]) => ds.flatMap((d) => (d.kind === 'single' ? [d.reminder] : d.reminders))

describe('plan with channel offsets', () => {
  it("fires the lead time before the channel's watch time and says so", () => {
    const rs = plan([airing(1, T0 + HOUR, 3)], offsets({ 3: 60 }), T0, new Set())
    expect(rs.map((r) => [r.offsetMinutes, r.fireAt, r.shiftMinutes])).toEqual([
      [10, T0 + 110 * MIN, 60],
      [0, T0 + 2 * HOUR, 60]
    ])
    // The key is the broadcast's: changing the offset moves the reminder, it does not make a new one.
    expect(rs.map((r) => r.key)).toEqual(plan([airing(1, T0 + HOUR, 3)], settings(), T0, new Set()).map((r) => r.key))
  })

  it('a channel with "no reminders" has none; other channels keep theirs', () => {
    const s = settings({ channels: { '3': { muted: true } } })
    const rs = plan([airing(1, T0 + HOUR, 3), airing(2, T0 + HOUR, 4)], s, T0, new Set())
    expect(rs.map((r) => r.programId)).toEqual([2, 2])
  })

  it('one reminder per episode: the earliest slot after offsets, the others recorded with it', () => {
    // TV at 21:00 on channel 1, an hour late on a streaming channel 2 that the user shifted +120.
    const tv = airing(1, T0 + HOUR, 1, 500)
    const web = airing(2, T0 + 30 * MIN, 2, 500)
    const rs = plan([tv, web], offsets({ 2: 120 }, { leadMinutes: [0] }), T0, new Set())
    expect(rs.map((r) => [r.programId, r.fireAt])).toEqual([[1, T0 + HOUR]])
    expect(rs[0]!.siblings).toEqual([{ key: `2:${web.startedAt}:0`, startedAt: web.startedAt }])
    // Either channel's key in the ledger means the episode was reminded.
    expect(
      plan([tv, web], offsets({ 2: 120 }), T0, new Set([`2:${web.startedAt}:0`, `2:${web.startedAt}:10`]))
    ).toEqual([])
  })

  it('without one-per-episode, every channel reminds; an unknown episode is never merged', () => {
    const s = settings({ leadMinutes: [0], onePerEpisode: false })
    const both = [airing(1, T0 + HOUR, 1, 500), airing(2, T0 + HOUR, 2, 500)]
    expect(plan(both, s, T0, new Set()).map((r) => r.programId)).toEqual([1, 2])
    const unknown = [airing(1, T0 + HOUR, 1, null), airing(2, T0 + HOUR, 2, null)]
    expect(plan(unknown, settings({ leadMinutes: [0] }), T0, new Set()).map((r) => r.programId)).toEqual([1, 2])
  })

  it('rejects offsets outside −60 … +1440 minutes', () => {
    for (const bad of [-61, 1441, 1.5]) {
      expect(() => settings({ channels: { '1': { offsetMinutes: bad } } })).toThrow()
    }
    expect(() => settings({ channels: { 'TOKYO MX': { offsetMinutes: 10 } } })).toThrow(/channel id/)
    expect(settings({ channels: { '1': { offsetMinutes: -60 }, '2': { offsetMinutes: 1440 } } }).channels).toEqual({
      '1': { offsetMinutes: -60, muted: false },
      '2': { offsetMinutes: 1440, muted: false }
    })
  })
})

describe('scheduler with changing offsets', () => {
  function daemon(initial: ReminderSettings) {
    const clock = new ManualClock(T0)
    let current = initial
    const { scheduler, fired } = schedulerFor({ clock, settings: () => current })
    const change = (next: ReminderSettings) => {
      current = next
      scheduler.replan()
    }
    return { clock, scheduler, fired, change }
  }

  it('moves a pending reminder later when the offset grows, and fires it once', () => {
    const { clock, scheduler, fired, change } = daemon(settings({ leadMinutes: [0] }))
    scheduler.update([airing(1, T0 + HOUR, 3)])
    clock.advance(30 * MIN)
    change(offsets({ 3: 90 }, { leadMinutes: [0] }))
    expect(scheduler.nextFireAt()).toBe(T0 + 150 * MIN)
    clock.advance(DAY)
    expect(fired.map((d) => d.kind === 'single' && d.reminder.fireAt)).toEqual([T0 + 150 * MIN])
  })

  it('a reminder already delivered is not delivered again when the offset moves it later', () => {
    const { clock, scheduler, fired, change } = daemon(settings({ leadMinutes: [0] }))
    scheduler.update([airing(1, T0 + HOUR, 3)])
    clock.advance(HOUR)
    change(offsets({ 3: 120 }, { leadMinutes: [0] }))
    clock.advance(DAY)
    expect(fired).toHaveLength(1)
  })

  it('moved into the past within grace: delivered at once; beyond grace: summarised, never dropped', () => {
    const { clock, scheduler, fired, change } = daemon(
      offsets({ 3: 120, 4: 120 }, { leadMinutes: [0], graceMinutes: 15 })
    )
    scheduler.update([airing(1, T0 + 50 * MIN, 3), airing(2, T0 + 20 * MIN, 4)])
    clock.advance(HOUR)
    change(settings({ leadMinutes: [0], graceMinutes: 15 }))
    expect(fired.map((d) => d.kind)).toEqual(['single', 'missed'])
    const [late, missed] = fired
    expect(late!.kind === 'single' && late!.reminder.programId).toBe(1)
    expect(missed).toMatchObject({ kind: 'missed', why: 'shifted' })
    expect(missed!.kind === 'missed' && missed!.reminders.map((r) => r.programId)).toEqual([2])
    expect(describeDelivery(missed!, { locale: 'en', timeZone: 'UTC', now: clock.now() }).title).toBe(
      'Moved earlier, already past: 1 show'
    )
    clock.advance(DAY)
    expect(fired).toHaveLength(2)
  })

  it('an episode switching to another channel with an offset change is still reminded once', () => {
    const s = (a: number, b: number) => offsets({ 1: a, 2: b }, { leadMinutes: [10, 0] })
    const { clock, scheduler, fired, change } = daemon(s(0, 120))
    const tv = airing(1, T0 + HOUR, 1, 500)
    const web = airing(2, T0 + HOUR, 2, 500)
    scheduler.update([tv, web])
    clock.advanceTo(T0 + 55 * MIN) // the 10-minute reminder went out for the TV slot
    change(s(120, 0)) // now the web channel is earlier: its 0-minute reminder is what is left
    clock.advance(DAY)
    expect(delivered(fired).map((r) => [r.programId, r.offsetMinutes, r.fireAt])).toEqual([
      [1, 10, T0 + 50 * MIN],
      [2, 0, T0 + HOUR]
    ])
  })

  it('the first channel leaving the poll window does not remind the episode again on the later one', () => {
    const { clock, scheduler, fired } = daemon(settings({ leadMinutes: [0] }))
    const early = airing(1, T0 + HOUR, 1, 500)
    const later = airing(2, T0 + 3 * HOUR, 2, 500)
    scheduler.update([early, later])
    clock.advanceTo(T0 + 2 * HOUR + MIN)
    scheduler.update([later]) // the poll after the early slot is past its window
    clock.advance(DAY)
    expect(delivered(fired).map((r) => r.programId)).toEqual([1])
  })

  it('property: any offset changes, sleeps, polls and clock moves; each episode and lead once, none lost', () => {
    const episodeArb = fc.record({
      start: fc.integer({ min: 3 * 60, max: 2 * 24 * 60 }),
      channels: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
      spread: fc.integer({ min: 0, max: 180 })
    })
    const stepArb = fc.oneof(
      fc.record({ kind: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 8 * 60 }) }),
      fc.record({ kind: fc.constant('sleep' as const), minutes: fc.integer({ min: 1, max: 8 * 60 }) }),
      fc.constant({ kind: 'poll' as const }),
      fc.record({
        kind: fc.constant('offset' as const),
        channel: fc.integer({ min: 1, max: 4 }),
        minutes: fc.integer({ min: -60, max: 1440 })
      })
    )
    fc.assert(
      fc.property(
        fc.array(episodeArb, { minLength: 1, maxLength: 6 }),
        fc.array(stepArb, { maxLength: 16 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 120 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 60 }),
        (episodes, steps, leads, grace) => {
          let id = 0
          const programs = episodes.flatMap((e, i) =>
            e.channels.map((channel, j) => airing(++id, T0 + (e.start + j * e.spread) * MIN, channel, 1000 + i))
          )
          const byChannel: Record<number, number> = {}
          const now = () => offsets(byChannel, { leadMinutes: leads, graceMinutes: grace })
          const { clock, scheduler, fired, change } = daemon(now())
          scheduler.update(programs)
          for (const step of steps) {
            if (step.kind === 'advance') clock.advance(step.minutes * MIN)
            // A poll: the window reaches an hour back, plus the latest channel's delay (pollOnce).
            else if (step.kind === 'poll') {
              const from = clock.now() - HOUR - latestShift(now().channels) * MIN
              scheduler.update(programs.filter((p) => Date.parse(p.startedAt) >= from))
            } else if (step.kind === 'sleep') {
              // A sleep: the timers do not run; the wake-up re-plans.
              clock.jumpTo(clock.now() + step.minutes * MIN)
              scheduler.replan()
            } else {
              byChannel[step.channel] = step.minutes
              change(now())
            }
          }
          clock.advance(4 * DAY)
          const told = fired
            .flatMap((d) => (d.kind === 'single' ? [d.reminder] : d.reminders))
            .map((r) => `${r.program.episode!.id}:${r.offsetMinutes}`)
          const expected = episodes.flatMap((_, i) => [...new Set(leads)].map((l) => `${1000 + i}:${l}`))
          expect(told.sort()).toEqual(expected.sort())
        }
      ),
      { numRuns: 150 }
    )
  })
})
