import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { OVERLAY_MARKS } from '../../../src/main/core/inbox/unread-badge'
import { trayState, type TrayIcon } from '../../../src/main/core/tray/tray-state'
import { TOOLTIP_MAX, trayMenu, trayTooltip, type TrayView } from '../../../src/main/shell/tray-menu'
import { program } from '../programs/fixtures'
import { FakeMenu, app } from './electron-double'
import { shellPerTest, signedInTo, type Shell } from './harness'
import { savedDocument } from '../../support/saved-documents'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const MIN = 60_000

async function signedIn(platform: 'linux' | 'darwin' | 'win32' = 'linux'): Promise<Shell> {
  const s = await run.start({ platform, ...signedInTo(await run.emulator({ soonSeconds: 600 })) })
  await vi.waitFor(() => expect(s.tray().image.path).toMatch(/soon/), { timeout: 10_000 })
  return s
}

describe('the tray in the app', () => {
  it('signed out: says so, offers sign-in through Settings, and each item acts', async () => {
    const s = await run.start()
    await s.settle()
    expect(s.menu().labels()).toEqual([
      'Signed out: sign in from Settings',
      '---',
      'Refresh now',
      'Open schedule',
      'Inbox',
      'Settings…',
      '---',
      'Quit Onair'
    ])
    expect(s.tray().tooltip).toBe('Onair — Signed out: sign in from Settings')
    expect(s.tray().image.path).toBe(join(s.appPath, 'resources/tray/signed-out.png'))
    // Nothing to re-word: the tray's tick leaves an open menu alone.
    const menu = s.menu()
    s.clock.advance(60_000)
    expect(s.menu()).toBe(menu)
    s.menu().click('Inbox')
    expect(s.events('app:navigate')).toEqual([{ view: 'inbox' }])
    expect(s.window().isVisible()).toBe(true)
    s.menu().click('Open schedule')
    expect(s.events('app:navigate')).toEqual([{ view: 'inbox' }, { view: 'schedule' }])
    s.menu().click('Refresh now')
    s.menu().click('Quit Onair')
    // The quit completes once the services have stopped.
    await vi.waitFor(() => expect(app.quitted).toBe(true), { timeout: 10_000 })
  })

  it('signed in: lists what comes next, opens a program’s quick record, counts down without events', async () => {
    const s = await signedIn()
    const labels = s.menu().labels()
    expect(labels.length).toBeGreaterThan(6)
    const first = labels[0] ?? ''
    expect(first).toMatch(/^\d\d:\d\d {2}.+ {2}\(10m\)$/)
    s.menu().click(first)
    const [focus] = s.events('app:focusProgram') as Array<{ programId: number }>
    expect(focus?.programId).toEqual(expect.any(Number))
    expect(s.window().isVisible()).toBe(true)
    // The emulator's seed has aired episodes not recorded: their count follows once fetched.
    expect(s.tray().tooltip).toMatch(/^Onair — Next: .+ 10m( — \d+ to catch up)?$/)
    // The countdown moves on with the clock alone.
    s.clock.advance(60_000)
    expect(s.menu().labels()[0]).toMatch(/\(9m\)$/)
  })

  it('shows the template images in the macOS menu bar', async () => {
    const s = await signedIn('darwin')
    expect(s.tray().image.path).toBe(join(s.appPath, 'resources/tray/soonTemplate.png'))
    expect(s.tray().image.isTemplateImage()).toBe(true)
  })

  it('toggles the window with a left click on Windows and Linux, and leaves clicks to the menu on macOS', async () => {
    let s = await run.start({ platform: 'win32' })
    const window = s.window()
    s.tray().click()
    expect(window.isVisible()).toBe(true)
    // In front until the press took the focus to the taskbar: the click hides it.
    s.tray().click()
    expect(window.isVisible()).toBe(false)
    s.tray().click()
    window.blur()
    s.clock.advance(5_000)
    // Behind another app: the click brings it to the front instead of hiding it.
    s.tray().click()
    expect(window.isVisible() && window.isFocused()).toBe(true)

    s = await run.start({ platform: 'darwin' })
    // Cocoa fires `click` as it opens the context menu: the window must not open under the menu.
    s.tray().emit('click')
    expect(s.window().isVisible()).toBe(false)
  })

  it('survives a quit while the first poll is still running', async () => {
    const emu = await run.emulator()
    const failures: unknown[] = []
    const onFailure = (e: unknown) => failures.push(e)
    process.on('unhandledRejection', onFailure)
    try {
      const s = await run.start(signedInTo(emu))
      app.quit()
      expect(s.tray().isDestroyed()).toBe(true)
      // The poll started before the quit finishes after it, and caches what it fetched.
      await vi.waitFor(() => expect(savedDocument(s.dataDir, 'schedule')).toBeDefined(), { timeout: 10_000 })
      await s.settle(20)
      expect(failures).toEqual([])
      const log = existsSync(join(s.folder, 'logs/main.log'))
        ? readFileSync(join(s.folder, 'logs/main.log'), 'utf8')
        : ''
      expect(log).not.toMatch(/destroyed/)
    } finally {
      process.off('unhandledRejection', onFailure)
    }
  })
})

describe('tray wording (pure)', () => {
  const view = (
    over: Partial<TrayView> & { programs?: ReturnType<typeof program>[]; poll?: 'ok' | 'offline' | 'error' }
  ) => {
    const { programs = [], poll = 'ok', ...rest } = over
    return {
      schedule: trayState({ signedIn: true, pollState: poll, programs, now: NOW }),
      unseen: 0,
      catchUp: 0,
      locale: 'en' as const,
      timeZone: 'UTC',
      now: NOW,
      updateOffer: [],
      ...rest
    }
  }
  const actions = {
    open: vi.fn(),
    quit: vi.fn(),
    openInbox: vi.fn(),
    openCatchUp: vi.fn(),
    refresh: vi.fn(),
    openSettings: vi.fn(),
    openProgram: vi.fn(),
    update: vi.fn()
  }
  const labels = (v: TrayView) => new FakeMenu(trayMenu(v, actions)).labels()

  it.each([
    ['offline', 'Offline: showing the saved schedule'],
    ['error', 'Cannot update the schedule']
  ] as const)('words the %s state first, above the saved programs', (poll, line) => {
    const v = view({ poll, programs: [program(1, NOW + 90 * MIN)] })
    expect(labels(v).slice(0, 3)).toEqual([line, '---', '13:30  Work 1 Ep. 1  (1h 30m)'])
    expect(trayTooltip(v)).toBe(`Onair — ${line} — Next: Work 1 Ep. 1 (TOKYO MX) 1h 30m`)
  })

  it("shows the time a channel's offset lets a program be watched", () => {
    const channels = { '1': { offsetMinutes: 90, muted: false } }
    const schedule = trayState({
      signedIn: true,
      pollState: 'ok',
      programs: [program(1, NOW + 30 * MIN)],
      now: NOW,
      channels
    })
    expect(labels({ ...view({}), schedule })[0]).toBe('14:00  Work 1 Ep. 1  (2h 00m)')
  })

  it('says when nothing is coming, in Japanese too', () => {
    expect(labels(view({}))[0]).toBe('Nothing unwatched coming up')
    expect(labels(view({ locale: 'ja', unseen: 3 }))).toEqual([
      '未視聴の放送予定はありません',
      '---',
      '今すぐ更新',
      '番組表を開く',
      '受信箱 (3)',
      '設定…',
      '---',
      'Onair を終了'
    ])
    expect(trayTooltip(view({ locale: 'ja', unseen: 3 }))).toBe('Onair — 未読 3 件')
  })

  it('shows the episodes to catch up on when there are any, in both languages, and opens their list', () => {
    expect(labels(view({}))).not.toContain('Catch up (0)')
    const v = view({ catchUp: 3, unseen: 2 })
    expect(labels(v)).toContain('Catch up (3)')
    expect(trayTooltip(v)).toBe('Onair — 3 to catch up — 2 unread')
    expect(labels(view({ catchUp: 3, locale: 'ja' }))).toContain('見逃し (3)')
    expect(trayTooltip(view({ catchUp: 3, locale: 'ja' }))).toBe('Onair — 見逃し 3 話')
    new FakeMenu(trayMenu(v, actions)).click('Catch up (3)')
    expect(actions.openCatchUp).toHaveBeenCalledOnce()
    // Signed out, the saved list is nobody's.
    const out = { ...v, schedule: trayState({ signedIn: false, pollState: 'idle', programs: [], now: NOW }) }
    expect(labels(out)).not.toContain('Catch up (3)')
  })

  it('shows an & in a title as an &, not as a keyboard mnemonic', () => {
    const v = view({ programs: [program(1, NOW + 5 * MIN, { title: 'Kiss & Cry & Co' })] })
    const raw = trayMenu(v, actions)[0]?.label
    expect(raw).toContain('Kiss && Cry && Co')
    expect(labels(v)[0]).toBe('12:05  Kiss & Cry & Co Ep. 1  (5m)')
  })

  it('marks programs on air', () => {
    const v = view({ programs: [program(1, NOW - 5 * MIN)] })
    expect(labels(v)[0]).toBe('11:55  Work 1 Ep. 1  (on air)')
    expect(trayTooltip(v)).toContain('on air')
  })

  it(`keeps the tooltip within Windows' ${TOOLTIP_MAX} characters, shortening the title, never the time or the count`, () => {
    const title = 'とても長いタイトルの番組🎬'.repeat(12)
    const v = view({ programs: [program(1, NOW + 7 * MIN, { title })], unseen: 12 })
    const tip = trayTooltip(v)
    expect(tip.length).toBeLessThanOrEqual(TOOLTIP_MAX)
    expect(tip).toMatch(/^Onair — Next: とても長い.*… Ep\. 1 \(TOKYO MX\) 7m — 12 unread$/)
    // No emoji cut in half (a lone surrogate).
    expect(tip).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
    const short = trayTooltip(view({ programs: [program(1, NOW + 7 * MIN)] }))
    expect(short).toBe('Onair — Next: Work 1 Ep. 1 (TOKYO MX) 7m')
  })
})

describe('tray images', () => {
  const root = resolve(import.meta.dirname, '../../..')
  const size = (file: string) => {
    const png = readFileSync(join(root, 'resources/tray', file))
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    return [png.readUInt32BE(16), png.readUInt32BE(20)]
  }
  const icons: TrayIcon[] = ['idle', 'soon', 'offline', 'error', 'signed-out']

  it.each(icons)(
    'ships %s, with and without the unread dot, at 1x and 2x, in colour and as a macOS template, under unhashed names',
    (icon) => {
      for (const variant of ['', 'Template', '-unread', '-unreadTemplate']) {
        expect(size(`${icon}${variant}.png`)).toEqual([16, 16])
        expect(size(`${icon}${variant}@2x.png`)).toEqual([32, 32])
      }
    }
  )

  it("ships Windows' taskbar overlays, 16 px as setOverlayIcon wants, for 1 to 9 and 9+", () => {
    for (const mark of OVERLAY_MARKS) {
      expect(size(`overlay-${mark}.png`)).toEqual([16, 16])
      expect(size(`overlay-${mark}@2x.png`)).toEqual([32, 32])
    }
  })
})
