import { describe, expect, it, vi } from 'vitest'
import { shellPerTest, signedInTo } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

/** The countdown beside the macOS menu-bar icon, on the Electron double. */
describe('the menu-bar countdown', () => {
  const run = shellPerTest()

  // The countdown part of each title set: the emulator's seed has aired episodes not recorded, whose
  // count stands after it (`10m · 1`), or alone when there is no countdown.
  const countdowns = (s: { tray(): { titles: string[] } }) =>
    s
      .tray()
      .titles.map((t) => t.replace(/(^| · )\d+$/, ''))
      .filter((t) => t !== '')

  async function withShowIn10Minutes(platform: 'darwin' | 'linux', menuBarCountdown: boolean) {
    const emu = await run.emulator({ soonSeconds: 600 })
    const signedIn = signedInTo(emu)
    const settings = { ...JSON.parse(signedIn.files!['settings.json']!), ui: { menuBarCountdown } }
    const s = await run.start({ platform, ...signedIn, files: { 'settings.json': JSON.stringify(settings) } })
    await vi.waitFor(() => expect(s.tray().tooltip).toMatch(/10m/), { timeout: 10_000 })
    return s
  }

  it('macOS, when asked: the minutes to the next show, set once a minute as they change', async () => {
    const s = await withShowIn10Minutes('darwin', true)
    expect(countdowns(s).at(-1)).toBe('10m')
    const before = countdowns(s).length
    // The tray re-words its menu every 30 s; the title does not change within the minute.
    s.clock.advance(30_000)
    expect(countdowns(s)).toHaveLength(before)
    s.clock.advance(30_000)
    expect(countdowns(s).slice(before)).toEqual(['9m'])
    // Once the show starts, the countdown moves on to the emulator's next one, hours later.
    s.clock.advance(9 * 60_000)
    expect(countdowns(s).slice(before)).toEqual([
      ...['9m', '8m', '7m', '6m', '5m', '4m', '3m', '2m', '1m'],
      expect.stringMatching(/^\d+h \d{2}m$/)
    ])
  })

  it('off by default on macOS, and never on other systems', async () => {
    let s = await withShowIn10Minutes('darwin', false)
    s.clock.advance(5 * 60_000)
    expect(countdowns(s)).toEqual([])
    s = await withShowIn10Minutes('linux', true)
    s.clock.advance(5 * 60_000)
    expect(countdowns(s)).toEqual([])
  })
})
