import { describe, expect, it } from 'vitest'
import { daemonOutput } from '../../../src/main/cli/daemon-output'
import { describeTonight } from '../../../src/main/core/tonight/notice'
import { ManualClock } from '../../support/manual-clock'
import { fakeIo } from '../../support/fake-io'
import { fakeContext } from '../cli/fake-context'
import { program } from '../programs/fixtures'

/** `onair run`'s line for tonight's list: what a terminal and a script each read. */
describe("onair run: tonight's list", () => {
  const clock = new ManualClock(Date.UTC(2026, 2, 28, 9, 0))
  const programs = [1, 2].map((i) => program(i, Date.UTC(2026, 2, 28, 12 + i), { title: `Work ${i}` }))
  const run = (json: boolean, locale: 'en' | 'ja' = 'en') => {
    const io = fakeIo({})
    const ctx = fakeContext(io, { clock, locale, flags: json ? { json: true } : {} })
    const ui = { dayBoundary: '05:00', extendedHours: false }
    const text = { locale, timeZone: 'UTC', now: clock.now(), day: '2026-03-28', channels: {}, ui }
    const notice = describeTonight(programs, text)!
    daemonOutput(ctx, clock, () => 'UTC').tonight({ day: '2026-03-28', programs, firedAt: clock.now(), notice })
    return io.stdout
  }

  it('in a terminal: one line, as the notification, in either language', () => {
    expect(run(false)).toEqual(['Tonight: 2 shows — 13:00 Work 1 Ep. 1 (TOKYO MX); 14:00 Work 2 Ep. 1 (TOKYO MX)'])
    expect(run(false, 'ja')).toEqual(['今夜の放送: 2 本 — 13:00 Work 1 #1 (TOKYO MX); 14:00 Work 2 #1 (TOKYO MX)'])
  })

  it('with --json: one line naming the day and the programs', () => {
    expect(run(true).map((l) => JSON.parse(l))).toEqual([
      { type: 'tonight', day: '2026-03-28', programIds: [1, 2], firedAt: '2026-03-28T09:00:00.000Z' }
    ])
  })
})
