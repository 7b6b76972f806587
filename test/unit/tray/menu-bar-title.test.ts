import { describe, expect, it } from 'vitest'
import { menuBarTitle, TITLE_HORIZON_MS } from '../../../src/main/core/tray/menu-bar-title'
import { trayState } from '../../../src/main/core/tray/tray-state'
import { BASE, HOUR, MIN, program } from '../programs/fixtures'

const upcoming = (...starts: number[]) =>
  trayState({ signedIn: true, pollState: 'ok', programs: starts.map((s, i) => program(i + 1, s)), now: BASE })
    .nextPrograms

describe('the menu-bar countdown (pure)', () => {
  it('counts down to the next broadcast that has not started, in whole minutes rounded up', () => {
    expect(menuBarTitle(upcoming(BASE + 12 * MIN), BASE)).toEqual({ text: '12m', nextAt: BASE + MIN })
    expect(menuBarTitle(upcoming(BASE + 12 * MIN + 1_000), BASE)).toEqual({ text: '13m', nextAt: BASE + 1_000 })
    expect(menuBarTitle(upcoming(BASE + 2 * HOUR + 5 * MIN), BASE).text).toBe('2h 05m')
    // One on air now: the count is to the one after it.
    expect(menuBarTitle(upcoming(BASE - 5 * MIN, BASE + 40 * MIN), BASE).text).toBe('40m')
  })

  it('changes at most once a minute: the next change is within the minute, and then the text differs', () => {
    const next = upcoming(BASE + 7 * MIN + 30_000)
    let now = BASE
    const texts: string[] = []
    while (now < BASE + 7 * MIN + 30_000) {
      const title = menuBarTitle(next, now)
      texts.push(title.text)
      expect(title.nextAt! - now).toBeGreaterThan(0)
      expect(title.nextAt! - now).toBeLessThanOrEqual(MIN)
      now = title.nextAt!
    }
    expect(texts).toEqual(['8m', '7m', '6m', '5m', '4m', '3m', '2m', '1m'])
  })

  it('says nothing while nothing airs within the next hours, and wakes when the next one comes within them', () => {
    const far = BASE + TITLE_HORIZON_MS + 10 * MIN
    expect(menuBarTitle(upcoming(far), BASE)).toEqual({ text: '', nextAt: BASE + 10 * MIN })
    expect(menuBarTitle(upcoming(far), BASE + 10 * MIN).text).toBe('3h 00m')
    expect(menuBarTitle([], BASE)).toEqual({ text: '', nextAt: null })
    expect(menuBarTitle(upcoming(BASE - 10 * MIN), BASE)).toEqual({ text: '', nextAt: null })
  })

  it('adds the episodes to catch up on, beside the countdown or alone', () => {
    expect(menuBarTitle(upcoming(BASE + 12 * MIN), BASE, 3)).toEqual({ text: '12m · 3', nextAt: BASE + MIN })
    expect(menuBarTitle([], BASE, 3)).toEqual({ text: '3', nextAt: null })
    expect(menuBarTitle([], BASE, 0)).toEqual({ text: '', nextAt: null })
  })
})
