import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { app } from './electron-double'
import { shellPerTest, signedInTo } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

/** The inbox's unread count on the tray icon, the Dock or launcher, the taskbar button. */
describe('the unread badge in the app', () => {
  const run = shellPerTest()

  /** An inbox the last run left with `unread` unread entries, and a show 10 minutes away. */
  async function withUnread(platform: 'darwin' | 'linux' | 'win32', unread: number, ui: object = {}) {
    const emu = await run.emulator({ soonSeconds: 600 })
    const signedIn = signedInTo(emu)
    const settings = { ...JSON.parse(signedIn.files!['settings.json']!), ui }
    const files = { 'settings.json': JSON.stringify(settings) }
    const documents = { inbox: JSON.stringify({ items: unreadItems(unread) }) }
    const s = await run.start({ platform, ...signedIn, files, documents })
    await vi.waitFor(() => expect(s.tray().image.path).toMatch(/soon/), { timeout: 10_000 })
    return s
  }
  /** Entries as the inbox document keeps them, unread and not seen. */
  const unreadItems = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      key: `n:${i + 1}`,
      source: 'notification',
      type: 'ArticleMentionNotification',
      title: `Mention ${i + 1}`,
      createdAt: Date.UTC(2026, 10, 1) + i,
      unread: true
    }))
  const trayFile = (s: { appPath: string }, name: string) => join(s.appPath, 'resources/tray', name)

  it('Linux: a dot on the tray icon and the count on the launcher, both gone once the inbox is read', async () => {
    const s = await withUnread('linux', 3)
    expect(s.tray().image.path).toBe(trayFile(s, 'soon-unread.png'))
    expect(s.tray().tooltip).toMatch(/3 unread$/)
    expect(app.badgeCounts.at(-1)).toBe(3)
    const calls = app.badgeCounts.length
    // The tray re-words itself every 30 s; the launcher is told only when the count changes.
    s.clock.advance(90_000)
    expect(app.badgeCounts).toHaveLength(calls)
    await s.invoke('inbox:markAllSeen')
    expect(s.tray().image.path).toBe(trayFile(s, 'soon.png'))
    expect(app.badgeCounts.slice(calls)).toEqual([0])
  })

  it('counts what the last run left from the start, before the first poll of the inbox reports', async () => {
    const s = await run.start({ documents: { inbox: JSON.stringify({ items: unreadItems(2) }) } })
    expect(s.tray().image.path).toBe(trayFile(s, 'idle-unread.png'))
    expect(app.badgeCounts).toEqual([2])
  })

  it('macOS: the template image with the dot for the menu bar, the count on the Dock icon', async () => {
    const s = await withUnread('darwin', 12)
    expect(s.tray().image.path).toBe(trayFile(s, 'soon-unreadTemplate.png'))
    expect(s.tray().image.isTemplateImage()).toBe(true)
    expect(app.badgeCounts.at(-1)).toBe(12)
  })

  it('Windows: the count over the taskbar button, given again each time the window comes back', async () => {
    const s = await withUnread('win32', 12)
    const window = s.window()
    expect(s.tray().image.path).toBe(trayFile(s, 'soon-unread.png'))
    expect(app.badgeCounts).toEqual([])
    const last = { image: trayFile(s, 'overlay-9+.png'), description: '12 unread in the inbox' }
    expect(window.overlays.at(-1)).toEqual(last)
    s.tray().click()
    expect(window.isVisible()).toBe(true)
    // Explorer makes the taskbar button after `show`, here 3 s later (a busy machine): the overlay
    // is on it within seconds of its coming.
    await s.settle()
    s.clock.advance(3000)
    window.makeTaskbarButton()
    expect(window.taskbarOverlay).toBeNull()
    s.clock.advance(2000)
    expect(window.taskbarOverlay).toBe(last.image)
    await s.invoke('inbox:markAllSeen')
    expect(window.taskbarOverlay).toBeNull()
  })

  it('Windows: a taskbar button slower than every check still gets the count once the window is focused', async () => {
    const s = await withUnread('win32', 3)
    const window = s.window()
    s.tray().click()
    await s.settle()
    s.clock.advance(60_000)
    window.makeTaskbarButton()
    expect(window.taskbarOverlay).toBeNull()
    // The user switches to another app and back (or presses the taskbar button).
    window.blur()
    window.focus()
    expect(window.taskbarOverlay).toBe(trayFile(s, 'overlay-3.png'))
  })

  it('off in the settings: the plain icon and no count anywhere', async () => {
    let s = await withUnread('linux', 3, { unreadBadge: false })
    expect(s.tray().image.path).toBe(trayFile(s, 'soon.png'))
    expect(app.badgeCounts).toEqual([])
    // Still in the menu and the tooltip, which the user opens on purpose.
    expect(s.tray().tooltip).toMatch(/3 unread$/)
    // Turned back on (Settings, or `onair config` found by the settings check): shown at once.
    await s.invoke('settings:update', { ui: { unreadBadge: true } })
    expect(s.tray().image.path).toBe(trayFile(s, 'soon-unread.png'))
    expect(app.badgeCounts.at(-1)).toBe(3)
    s = await withUnread('win32', 3, { unreadBadge: false })
    expect(s.window().overlays.filter((o) => o.image !== null)).toEqual([])
  })
})
