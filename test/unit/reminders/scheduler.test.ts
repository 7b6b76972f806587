import { describe, expect, it } from 'vitest'
import { type Clock } from '../../../src/main/core/clock'
import { ManualClock } from '../../support/manual-clock'
import type { Ledger } from '../../../src/main/core/reminders/ledger'
import { createLedger } from '../../support/memory-ledger'
import { createScheduler, MAX_TIMER_MS } from '../../../src/main/core/reminders/scheduler'
import type { Delivery } from '../../../src/shared/schedule'
import type { ReminderSettings, ReminderSettingsInput } from '../../../src/shared/settings'
import { DAY, HOUR, MIN, program, settings } from '../programs/fixtures'

const T0 = Date.UTC(2026, 3, 5, 12, 0)

interface Fired {
  delivery: Delivery
  at: number
}

function setup(opts: { clock?: ManualClock; json?: string; settings?: ReminderSettingsInput } = {}) {
  const clock = opts.clock ?? new ManualClock(T0)
  const saved: string[] = []
  const ledger: Ledger = createLedger((j) => saved.push(j), opts.json)
  const fired: Fired[] = []
  let current: ReminderSettings = settings(opts.settings)
  const scheduler = createScheduler({
    clock,
    ledger,
    settings: () => current,
    deliver: (delivery) => fired.push({ delivery, at: clock.now() })
  })
  const keys = () =>
    fired.flatMap(({ delivery: d }) => (d.kind === 'single' ? [d.reminder.key] : d.reminders.map((r) => r.key)))
  const setSettings = (s: ReminderSettingsInput) => {
    current = settings(s)
  }
  return { clock, saved, ledger, fired, scheduler, keys, setSettings }
}

describe('scheduler timing', () => {
  it('fires each reminder at its exact millisecond, even many timer caps away', () => {
    const { clock, scheduler, fired } = setup()
    const start = T0 + 30 * HOUR + 17
    scheduler.update([program(1, start), program(2, T0 + 2 * HOUR)])
    clock.advance(2 * DAY)
    expect(fired.map((f) => f.delivery.kind)).toEqual(['single', 'single', 'single', 'single'])
    for (const { delivery, at } of fired) {
      if (delivery.kind !== 'single') throw new Error('expected single')
      expect(at).toBe(delivery.reminder.fireAt)
    }
    expect(fired.map((f) => f.at)).toEqual([T0 + 110 * MIN, T0 + 2 * HOUR, start - 10 * MIN, start])
  })

  it('never arms a timer longer than the cap', () => {
    const inner = new ManualClock(T0)
    const delays: number[] = []
    const clock: Clock = {
      now: () => inner.now(),
      setTimeout: (fn, ms) => (delays.push(ms), inner.setTimeout(fn, ms)),
      clearTimeout: (h) => inner.clearTimeout(h)
    }
    const fired: number[] = []
    const scheduler = createScheduler({
      clock,
      ledger: createLedger(() => {}),
      settings: () => settings(),
      deliver: () => fired.push(inner.now())
    })
    scheduler.update([program(1, T0 + 5 * HOUR)])
    inner.advance(6 * HOUR)
    expect(Math.max(...delays)).toBeLessThanOrEqual(MAX_TIMER_MS)
    expect(fired).toEqual([T0 + 5 * HOUR - 10 * MIN, T0 + 5 * HOUR])
  })

  it('wakes for the next reminder at its time however long the last one took to record', () => {
    const clock = new ManualClock(T0)
    const inner = createLedger(() => {})
    const woke: number[] = []
    // Each claim takes 40 ms (an fsync on a busy disk): time passes, and no timer fires meanwhile.
    const ledger: Ledger = {
      ...inner,
      delivered: () => inner.delivered(),
      claim(items, at) {
        if (items.length > 0) woke.push(clock.now())
        const fresh = inner.claim(items, at)
        clock.jumpTo(clock.now() + 40)
        return fresh
      }
    }
    const fired: number[] = []
    const scheduler = createScheduler({
      clock,
      ledger,
      settings: () => settings({ leadMinutes: [0] }),
      deliver: () => fired.push(clock.now())
    })
    scheduler.update([program(1, T0 + MIN), program(2, T0 + 2 * MIN), program(3, T0 + 2 * MIN + 500)])
    clock.advance(3 * MIN)
    // The timers woke on time; only the write itself comes before each notification.
    expect(woke).toEqual([T0 + MIN, T0 + 2 * MIN, T0 + 2 * MIN + 500])
    expect(fired).toEqual([T0 + MIN + 40, T0 + 2 * MIN + 40, T0 + 2 * MIN + 540])
  })

  it('handles a late-night 01:30 JST slot with quiet hours from 02:00', () => {
    const start = Date.UTC(2026, 3, 5, 16, 30) // 01:30 JST
    const { clock, scheduler, fired } = setup({
      settings: { timeZone: 'Asia/Tokyo', quietHours: { enabled: true, start: '02:00', end: '07:00' } }
    })
    scheduler.update([program(1, start), program(2, start + HOUR)]) // the 02:30 one is quiet
    clock.advance(DAY)
    expect(fired.map((f) => f.at)).toEqual([start - 10 * MIN, start])
  })

  it('keeps quiet hours in local time across the Berlin DST switch', () => {
    // Quiet 23:00-07:00 Berlin. 2026-03-29 switches CET → CEST at 01:00 UTC.
    const { clock, scheduler, fired } = setup({
      clock: new ManualClock(Date.UTC(2026, 2, 27, 12)),
      settings: {
        timeZone: 'Europe/Berlin',
        leadMinutes: [0],
        quietHours: { enabled: true, start: '23:00', end: '07:00' }
      }
    })
    const slots = [
      Date.UTC(2026, 2, 28, 5, 30), // 06:30 CET: quiet
      Date.UTC(2026, 2, 28, 6, 30), // 07:30 CET
      Date.UTC(2026, 2, 29, 4, 30), // 06:30 CEST: quiet (07:30 if the offset were fixed)
      Date.UTC(2026, 2, 29, 5, 30) // 07:30 CEST
    ]
    scheduler.update(slots.map((s, i) => program(i + 1, s)))
    clock.advance(3 * DAY)
    expect(fired.map((f) => f.at)).toEqual([slots[1], slots[3]])
  })
})

describe('scheduler never delivers twice', () => {
  it('across repeated updates with the same programs, including at the firing moment', () => {
    const { clock, scheduler, keys } = setup()
    const ps = [program(1, T0 + HOUR), program(2, T0 + HOUR + 5 * MIN)]
    for (let step = 0; step < 30; step++) {
      scheduler.update(ps)
      scheduler.update([...ps, ...ps])
      clock.advance(5 * MIN)
    }
    expect(keys().sort()).toEqual(
      [
        `1:${ps[0]!.startedAt}:0`,
        `1:${ps[0]!.startedAt}:10`,
        `2:${ps[1]!.startedAt}:0`,
        `2:${ps[1]!.startedAt}:10`
      ].sort()
    )
  })

  it('after a restart with the ledger from the previous run', () => {
    const first = setup()
    const ps = [program(1, T0 + HOUR)]
    first.scheduler.update(ps)
    first.clock.advanceTo(T0 + HOUR - 10 * MIN)
    first.scheduler.stop()
    expect(first.keys()).toHaveLength(1)

    const second = setup({ clock: new ManualClock(T0 + HOUR - 9 * MIN), json: first.saved.at(-1) })
    second.scheduler.update(ps)
    second.clock.advance(2 * HOUR)
    expect(second.keys()).toEqual([`1:${ps[0]!.startedAt}:0`])
  })

  it('after the clock jumps backwards', () => {
    const { clock, scheduler, fired } = setup()
    scheduler.update([program(1, T0 + HOUR)])
    clock.advanceTo(T0 + 50 * MIN)
    expect(fired).toHaveLength(1)
    clock.jumpTo(T0 - HOUR)
    scheduler.replan()
    expect(scheduler.nextFireAt()).toBe(T0 + HOUR)
    clock.advanceTo(T0 + 3 * HOUR)
    expect(fired.map((f) => f.at)).toEqual([T0 + 50 * MIN, T0 + HOUR])
  })
})

describe('scheduler after sleep', () => {
  const ps = [10, 20, 30, 40].map((m, i) => program(i + 1, T0 + m * MIN))

  it('summarises everything slept through in one missed delivery, then stays silent', () => {
    const { clock, scheduler, fired, saved } = setup({ settings: { leadMinutes: [0] } })
    scheduler.update(ps)
    clock.jumpTo(T0 + 3 * HOUR)
    scheduler.replan()
    clock.advance(2 * DAY + HOUR + MIN)
    scheduler.replan()
    expect(fired).toHaveLength(1)
    const d = fired[0]!.delivery
    expect(d.kind === 'missed' && d.reminders.map((r) => r.programId)).toEqual([1, 2, 3, 4])
    expect(JSON.parse(saved.at(-1)!).entries).toEqual({}) // pruned two days later, and still nothing refired
  })

  it('fires what is still within grace at once and summarises the rest', () => {
    const { clock, scheduler, fired } = setup({ settings: { leadMinutes: [0], graceMinutes: 15 } })
    scheduler.update(ps)
    clock.jumpTo(T0 + 50 * MIN) // only the 40-minute one is within the 15-minute grace
    scheduler.replan()
    clock.advance(HOUR)
    expect(fired.map((f) => [f.delivery.kind, f.at])).toEqual([
      ['single', T0 + 50 * MIN],
      ['missed', T0 + 50 * MIN]
    ])
    const missed = fired[1]!.delivery
    expect(missed.kind === 'missed' && missed.reminders.map((r) => r.programId)).toEqual([1, 2, 3])
  })

  it('groups several late reminders into one delivery instead of a burst', () => {
    const { clock, scheduler, fired } = setup({ settings: { graceMinutes: 60 } })
    scheduler.update([20, 30, 40, 50].map((m, i) => program(i + 1, T0 + m * MIN)))
    clock.jumpTo(T0 + 55 * MIN)
    scheduler.replan()
    expect(fired.map((f) => f.delivery.kind)).toEqual(['group'])
    const d = fired[0]!.delivery
    expect(d.kind === 'group' && d.reminders).toHaveLength(8)
  })

  it('does not call a broadcast missed when it moved while the machine slept', () => {
    const { clock, scheduler, fired } = setup({ settings: { leadMinutes: [0] } })
    scheduler.update([program(1, T0 + 10 * MIN)])
    clock.jumpTo(T0 + 3 * HOUR)
    scheduler.update([program(1, T0 + 4 * HOUR)])
    clock.advance(2 * HOUR)
    expect(fired.map((f) => [f.delivery.kind, f.at])).toEqual([['single', T0 + 4 * HOUR]])
  })

  it('still summarises when the old timer wakes late and no replan comes', () => {
    const { clock, scheduler, fired } = setup({ settings: { leadMinutes: [0] } })
    scheduler.update(ps)
    clock.jumpTo(T0 + 3 * HOUR)
    clock.advance(0)
    expect(fired.map((f) => f.delivery.kind)).toEqual(['missed'])
  })
})

describe('scheduler reconciliation', () => {
  it('groups three programs starting together into one delivery', () => {
    const { clock, scheduler, fired } = setup({ settings: { leadMinutes: [0] } })
    scheduler.update([1, 2, 3].map((id) => program(id, T0 + HOUR)))
    clock.advance(2 * HOUR)
    expect(fired.map((f) => [f.delivery.kind, f.at])).toEqual([['group', T0 + HOUR]])
  })

  it('moves a reminder when its broadcast moves, and reminds again for the new slot', () => {
    const { clock, scheduler, fired } = setup({ settings: { leadMinutes: [0] } })
    scheduler.update([program(1, T0 + HOUR)])
    clock.advance(30 * MIN)
    scheduler.update([program(1, T0 + 2 * HOUR)])
    expect(scheduler.nextFireAt()).toBe(T0 + 2 * HOUR)
    clock.advance(3 * HOUR)
    expect(fired.map((f) => f.at)).toEqual([T0 + 2 * HOUR])
  })

  it('drops reminders for programs that went away or were muted', () => {
    const { clock, scheduler, fired, setSettings } = setup({ settings: { leadMinutes: [0] } })
    scheduler.update([program(1, T0 + HOUR, { workId: 5 }), program(2, T0 + HOUR)])
    scheduler.update([program(1, T0 + HOUR, { workId: 5 })])
    setSettings({ leadMinutes: [0], mutedWorkIds: [5] })
    scheduler.replan()
    expect(scheduler.pending()).toEqual([])
    expect(scheduler.nextFireAt()).toBeNull()
    clock.advance(DAY)
    expect(fired).toEqual([])
  })

  it('persists the ledger before deliver is called', () => {
    const clock = new ManualClock(T0)
    const saved: string[] = []
    const seenAtDelivery: boolean[] = []
    const scheduler = createScheduler({
      clock,
      ledger: createLedger((j) => saved.push(j)),
      settings: () => settings({ leadMinutes: [0] }),
      deliver: (d) => {
        if (d.kind !== 'single') throw new Error('expected single')
        seenAtDelivery.push(saved.at(-1)?.includes(JSON.stringify(d.reminder.key)) ?? false)
      }
    })
    scheduler.update([program(1, T0 + HOUR)])
    clock.advance(HOUR)
    expect(seenAtDelivery).toEqual([true])
  })

  it('keeps going when saving or delivering throws', () => {
    const clock = new ManualClock(T0)
    const errors: unknown[] = []
    const delivered: string[] = []
    const scheduler = createScheduler({
      clock,
      ledger: createLedger(() => {
        throw new Error('disk full')
      }),
      settings: () => settings({ leadMinutes: [0] }),
      deliver: (d) => {
        delivered.push(d.kind)
        throw new Error('no notification service')
      },
      onError: (e) => errors.push(e)
    })
    scheduler.update([program(1, T0 + HOUR), program(2, T0 + 2 * HOUR)])
    clock.advance(3 * HOUR)
    scheduler.replan()
    expect(delivered).toEqual(['single', 'single'])
    const messages = errors.map((e) => (e as Error).message)
    expect(messages.filter((m) => m === 'no notification service')).toHaveLength(2)
    expect(messages.filter((m) => m === 'disk full').length).toBeGreaterThanOrEqual(2)
  })

  it('does nothing after stop', () => {
    const { clock, scheduler, fired } = setup()
    scheduler.update([program(1, T0 + HOUR)])
    scheduler.stop()
    scheduler.update([program(1, T0 + HOUR)])
    clock.advance(DAY)
    expect(fired).toEqual([])
    expect(clock.pending()).toBe(0)
  })
})
