import { describe, expect, it, vi } from 'vitest'
import { shellPerTest, signedInTo } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

/** Issue 24.6: the countdown beside the macOS menu-bar icon, on the Electron double. */
describe('the menu-bar countdown', () => {
  const run = shellPerTest()

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
    expect(s.tray().titles.at(-1)).toBe('10m')
    const before = s.tray().titles.length
    // The tray re-words its menu every 30 s; the title does not change within the minute.
    s.clock.advance(30_000)
    expect(s.tray().titles).toHaveLength(before)
    s.clock.advance(30_000)
    expect(s.tray().titles.slice(before)).toEqual(['9m'])
    // Once the show starts, the countdown moves on to the emulator's next one, hours later.
    s.clock.advance(9 * 60_000)
    expect(s.tray().titles.slice(before)).toEqual([
      ...['9m', '8m', '7m', '6m', '5m', '4m', '3m', '2m', '1m'],
      expect.stringMatching(/^\d+h \d{2}m$/)
    ])
  })

  it('off by default on macOS, and never on other systems', async () => {
    let s = await withShowIn10Minutes('darwin', false)
    s.clock.advance(5 * 60_000)
    expect(s.tray().titles).toEqual([])
    s = await withShowIn10Minutes('linux', true)
    s.clock.advance(5 * 60_000)
    expect(s.tray().titles).toEqual([])
  })
})
