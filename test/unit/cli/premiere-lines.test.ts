import { describe, expect, it } from 'vitest'
import { daemonOutput } from '../../../src/main/cli/daemon-output'
import { ManualClock } from '../../support/manual-clock'
import { program } from '../programs/fixtures'
import { fakeIo } from '../../support/fake-io'
import { fakeContext } from './fake-context'

/** `onair run`'s lines for premieres announced together: what a terminal and a script each read. */
describe('onair run: premieres announced in one notice', () => {
  const clock = new ManualClock(Date.UTC(2026, 2, 28, 12, 0))
  const programs = [1, 2, 3, 4, 5, 6].map((i) => program(i, Date.UTC(2026, 2, 28, 20, i), { title: `Work ${i}` }))
  const run = (json: boolean, locale: 'en' | 'ja' = 'en') => {
    const io = fakeIo({})
    const ctx = fakeContext(io, { clock, locale, flags: json ? { json: true } : {} })
    daemonOutput(ctx, clock, () => 'UTC').reminders({ type: 'premiere', programs, firedAt: clock.now() })
    return io.stdout
  }

  it('in a terminal: one line, as the notification, its five names and the count of the rest', () => {
    expect(run(false)).toEqual([
      '6 premieres coming up — 20:01 Work 1 Ep. 1 (TOKYO MX); 20:02 Work 2 Ep. 1 (TOKYO MX); ' +
        '20:03 Work 3 Ep. 1 (TOKYO MX); 20:04 Work 4 Ep. 1 (TOKYO MX); 20:05 Work 5 Ep. 1 (TOKYO MX); …and 1 more'
    ])
    expect(run(false, 'ja')).toEqual([expect.stringMatching(/^初回放送 6 作品 — 20:01 Work 1 #1 .*; ほか 1 作品$/)])
  })

  it('with --json: one premiere line per work, all at the same moment', () => {
    const lines = run(true).map((l) => JSON.parse(l))
    expect(lines.map((l) => [l.type, l.workId])).toEqual(programs.map((p) => ['premiere', p.work.id]))
    expect(new Set(lines.map((l) => l.firedAt))).toEqual(new Set([new Date(clock.now()).toISOString()]))
  })
})
