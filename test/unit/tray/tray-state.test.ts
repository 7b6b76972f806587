import { describe, expect, it } from 'vitest'
import { formatCountdown, trayState, type PollState, type TrayIcon } from '../../../src/main/core/tray/tray-state'
import { HOUR, MIN, program } from '../programs/fixtures'

const now = Date.UTC(2026, 3, 5, 12, 0)
const soonProgram = program(1, now + 20 * MIN, { title: 'Soon' })
const laterProgram = program(2, now + 3 * HOUR, { title: 'Later' })

describe('trayState precedence', () => {
  const rows: [boolean, PollState, boolean, TrayIcon][] = [
    [false, 'error', true, 'signed-out'],
    [false, 'ok', false, 'signed-out'],
    [true, 'error', true, 'error'],
    [true, 'error', false, 'error'],
    [true, 'offline', true, 'offline'],
    [true, 'offline', false, 'offline'],
    [true, 'ok', true, 'soon'],
    [true, 'idle', true, 'soon'],
    [true, 'ok', false, 'idle'],
    [true, 'idle', false, 'idle']
  ]
  it.each(rows)('signedIn=%s poll=%s soon=%s → %s', (signedIn, pollState, soon, icon) => {
    const programs = soon ? [soonProgram, laterProgram] : [laterProgram]
    const state = trayState({ signedIn, pollState, programs, now })
    expect(state.icon).toBe(icon)
  })
})

describe('trayState programs', () => {
  it('lists up to five on-air or upcoming programs, soonest first, without repeats', () => {
    const programs = [
      program(9, now - 31 * MIN), // ended
      program(8, now - 10 * MIN), // on air
      laterProgram,
      soonProgram,
      soonProgram,
      ...[4, 5, 6, 7].map((id) => program(id, now + id * HOUR))
    ]
    const state = trayState({ signedIn: true, pollState: 'ok', programs, now })
    expect(state.nextPrograms.map((p) => p.program.id)).toEqual([8, 1, 2, 4, 5])
    expect(state.nextPrograms[0]).toMatchObject({ onAir: true, startsInMs: -10 * MIN })
    expect(state.tooltip.next).toMatchObject({ channel: 'TOKYO MX', countdown: 'now', onAir: true })
    expect(state.icon).toBe('soon')
  })

  it("counts down to when a channel's offset lets it be watched, not to the broadcast", () => {
    // Aired 40 minutes ago on a channel that streams it an hour later: still to come, in 20 minutes.
    const streamed = program(3, now - 40 * MIN)
    const channels = { '1': { offsetMinutes: 60, muted: false } }
    const state = trayState({ signedIn: true, pollState: 'ok', programs: [laterProgram, streamed], now, channels })
    expect(state.nextPrograms.map((p) => [p.program.id, p.startsInMs, p.onAir])).toEqual([
      [3, 20 * MIN, false],
      [2, 4 * HOUR, false]
    ])
    expect(state.nextPrograms[0]!.watchAt).toBe(now + 20 * MIN)
    expect(state.tooltip.next).toMatchObject({ countdown: '20m', onAir: false })
    expect(state.icon).toBe('soon')
  })

  it('is soon only within 30 minutes, and shows nothing when signed out', () => {
    expect(trayState({ signedIn: true, pollState: 'ok', programs: [soonProgram], now: now - 11 * MIN }).icon).toBe(
      'idle'
    )
    const out = trayState({ signedIn: false, pollState: 'ok', programs: [soonProgram], now })
    expect([out.nextPrograms, out.tooltip.next]).toEqual([[], null])
  })

  it('keeps showing the cache while offline', () => {
    const state = trayState({ signedIn: true, pollState: 'offline', programs: [soonProgram], now })
    expect(state.tooltip.next).toMatchObject({
      title: 'Soon',
      countdown: '20m',
      episode: { number: '1', numberText: '#1' }
    })
  })
})

describe('formatCountdown', () => {
  it.each([
    [-5, 'now'],
    [0, 'now'],
    [1, '1m'],
    [59 * MIN, '59m'],
    [60 * MIN, '1h 00m'],
    [65 * MIN + 1, '1h 06m'],
    [26 * HOUR, '1d 2h']
  ])('%i ms → %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text)
  })
})
