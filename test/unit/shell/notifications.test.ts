import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { NativeNotification } from '../../../src/main/core/notify'
import { electronNotifier, nativeId, type NotificationHooks } from '../../../src/main/shell/notifications'
import { FakeNotification, app, resetElectron, restorePlatform } from './electron-double'
import { shellPerTest, signedInTo } from './harness'
import { tempDir } from '../../support/temp-dir'
import { SOON_PROGRAM_ID } from '../../emulator/index'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))
// codesign(1) is macOS's: whether the build is signed is the test's to say.
const signed = vi.hoisted(() => vi.fn(() => false))
vi.mock('../../../src/main/shell/mac-signature', () => ({ signedByDeveloper: signed }))

describe('electronNotifier', () => {
  let folder = ''
  beforeEach(() => {
    folder = tempDir('onair-notify-')
  })
  afterEach(() => {
    restorePlatform()
    rmSync(folder, { recursive: true, force: true })
  })

  function notifier(platform: 'darwin' | 'win32' | 'linux', over: Partial<NotificationHooks> = {}) {
    resetElectron({ platform, appPath: folder, folder })
    // Electron refuses a Notification before `ready`; the app makes none before it.
    app.becomeReady()
    const calls = { clicks: [] as unknown[], failed: [] as string[], actions: [] as string[] }
    const n = electronNotifier({
      onClick: (t) => calls.clicks.push(t),
      onFailed: (e) => calls.failed.push(e),
      onAction: (button, source) => calls.actions.push(`${button}:${source.id}`),
      buttons: (source) =>
        source.target?.kind === 'record'
          ? [
              { id: 'watched', text: 'Watched' },
              { id: 'snooze', text: 'Snooze 5 min' }
            ]
          : [],
      ...over
    })
    return { n, calls }
  }
  const reminder: NativeNotification = {
    id: '42|2026-11-22T12:10:00.000Z|10',
    title: 'Work 42',
    body: 'Ep. 1',
    target: { kind: 'record', programId: 42 }
  }

  it('routes a click to its target, and a notification without one to the schedule', () => {
    const { n, calls } = notifier('linux')
    n.show(reminder)
    n.show({ id: 'plain', title: 'Onair', body: 'text' })
    const [first, second] = FakeNotification.instances
    second?.click()
    first?.click()
    expect(calls.clicks).toEqual([{ kind: 'schedule' }, { kind: 'record', programId: 42 }])
    expect(first?.options).toMatchObject({ title: 'Work 42', body: 'Ep. 1', id: nativeId(reminder.id) })
  })

  it('replaces a notification with the same id instead of stacking it', () => {
    const { n } = notifier('linux')
    n.show(reminder)
    n.show({ ...reminder, body: 'again' })
    const [first, second] = FakeNotification.instances
    expect(first?.closed).toBe(true)
    expect(second?.shown).toBe(true)
    expect(second?.closed).toBe(false)
  })

  it('withdraws a reminder recorded elsewhere: closed on every system while the app holds it; an unknown id is nothing', () => {
    for (const platform of ['darwin', 'linux', 'win32'] as const) {
      const { n } = notifier(platform)
      n.show(reminder)
      n.show({ id: 'other', title: 'Onair', body: 'text' })
      n.withdraw?.(reminder.id)
      n.withdraw?.('never-shown')
      const [first, second] = FakeNotification.instances
      expect(first?.closed, platform).toBe(true)
      expect(second?.closed, platform).toBe(false)
    }
  })

  it('shows nothing where the system has no notifications', () => {
    const { n } = notifier('linux')
    FakeNotification.supported = false
    n.show(reminder)
    expect(FakeNotification.instances).toEqual([])
  })

  it('keeps Windows’ toast tags under 64 characters, whatever the id', () => {
    const { n } = notifier('win32')
    n.show({ id: `corrupt:${'/very/long/path'.repeat(20)}`, title: 'Onair', body: 'moved aside' })
    expect(FakeNotification.instances[0]?.options.id?.length).toBeLessThanOrEqual(64)
  })

  it('reports a notification the OS refused (macOS, unsigned build)', () => {
    const { n, calls } = notifier('darwin')
    n.show(reminder)
    FakeNotification.instances[0]?.fail('Notifications are not allowed for this application')
    expect(calls.failed).toEqual(['Notifications are not allowed for this application'])
  })

  it('macOS: buttons on reminders, reported by the notification’s action event', () => {
    const { n, calls } = notifier('darwin')
    n.show(reminder)
    const shown = FakeNotification.instances[0]
    expect(shown?.actions).toEqual([
      { type: 'button', text: 'Watched' },
      { type: 'button', text: 'Snooze 5 min' }
    ])
    shown?.pressAction(1)
    expect(calls.actions).toEqual([`snooze:${reminder.id}`])
  })

  it('Windows: a reminder with buttons stays on screen until acted on; other toasts leave as usual', () => {
    const { n } = notifier('win32')
    n.show(reminder)
    n.show({ id: 'summary', title: 'Onair', body: 'Missed while away: 2' })
    expect(FakeNotification.instances.map((t) => t.options.timeoutType)).toEqual(['never', undefined])
  })

  it('Linux: no buttons (libnotify servers differ), the click opens the quick record', () => {
    const { n } = notifier('linux')
    n.show(reminder)
    expect(FakeNotification.instances[0]?.actions).toEqual([])
  })

  it('Windows: a button or a click in the Action Center works after the toast timed out', () => {
    const { n, calls } = notifier('win32')
    n.show(reminder)
    const toast = FakeNotification.instances[0]
    toast?.close()
    const tag = nativeId(reminder.id)
    FakeNotification.activate({ type: 'action', actionIndex: 0, arguments: `type=action&action=0&tag=${tag}` })
    expect(calls.actions).toEqual([`watched:${reminder.id}`])
    // The toast object reports buttons too; Windows' handler already did, so once only.
    toast?.pressAction(0)
    expect(calls.actions).toHaveLength(1)
    // A click on a toast whose object is gone carries no tag: it opens the schedule.
    FakeNotification.activate({ type: 'click', arguments: '' })
    expect(calls.clicks).toEqual([{ kind: 'schedule' }])
  })
})

describe('notifications in the app', () => {
  const run = shellPerTest()

  it('tells the user about a saved file that no longer reads, with the app icon, and opens Onair on click', async () => {
    const s = await run.start({ files: { 'settings.json': '{"ui": ' } })
    const [corrupt] = s.notifications()
    expect(corrupt?.body).toMatch(/settings\.json/)
    expect(corrupt?.options.icon).toMatchObject({ path: join(s.appPath, 'resources/icon.png') })
    corrupt?.click()
    expect(s.window().isVisible()).toBe(true)
    expect(s.events('app:navigate')).toEqual([{ view: 'schedule' }])
  })

  it('logs a notification that failed and says so in the window once', async () => {
    const s = await run.start({ platform: 'darwin', files: { 'settings.json': '{"ui": ' } })
    const [corrupt] = s.notifications()
    corrupt?.fail('Notifications are not allowed')
    corrupt?.fail('Notifications are not allowed')
    const notices = s.events('app:notice') as Array<{ message: { en: string; ja: string } }>
    expect(notices).toHaveLength(1)
    expect(notices[0]?.message.en).toMatch(/could not show a notification \(Notifications are not allowed\).*signed/)
    expect(notices[0]?.message.ja).toContain('署名')
    const log = readFileSync(join(s.folder, 'logs', 'main.log'), 'utf8')
    expect(log).toMatch(/ERROR notification "corrupt:.*" was not shown: Notifications are not allowed/)
  })

  it('macOS, a signed build: a refusal is the user turning notifications off, and says where to turn them on', async () => {
    signed.mockReturnValue(true)
    const s = await run.start({ platform: 'darwin', packaged: true, files: { 'settings.json': '{"ui": ' } })
    s.notifications()[0]?.fail('Notifications are not allowed for this application')
    const notices = s.events('app:notice') as Array<{ message: { en: string; ja: string } }>
    expect(notices[0]?.message.en).toMatch(/Turn on notifications for Onair in System Settings/)
    expect(notices[0]?.message.en).not.toMatch(/signed/)
    expect(notices[0]?.message.ja).toContain('システム設定')
    signed.mockReturnValue(false)
  })

  it('a reminder’s click opens that program’s quick record', async () => {
    const s = await run.start(signedInTo(await run.emulator({ soonSeconds: 600 })))
    await vi.waitFor(() => expect(s.notifications().length).toBeGreaterThan(0), { timeout: 10_000 })
    const reminder = s.notifications()[0]
    expect(reminder?.body).toMatch(/in 10 min/)
    reminder?.click()
    expect(s.events('app:focusProgram')).toEqual([{ programId: expect.any(Number) }])
    expect(s.window().isVisible()).toBe(true)
  })

  it('macOS: "Watched" on a reminder records the episode through the outbox, in its undo window', async () => {
    const s = await run.start({ platform: 'darwin', ...signedInTo(await run.emulator({ soonSeconds: 600 })) })
    await vi.waitFor(() => expect(s.notifications().length).toBeGreaterThan(0), { timeout: 10_000 })
    const reminder = s.notifications()[0]
    expect(reminder?.actions?.[0]).toEqual({ type: 'button', text: 'Watched' })
    reminder?.pressAction(0)
    const listed = (await s.invoke('outbox:list')) as {
      ok: true
      value: { entries: Array<{ state: string; programId?: number }> }
    }
    expect(listed.value.entries).toEqual([expect.objectContaining({ state: 'waiting', programId: expect.any(Number) })])
    const confirmation = s.notifications().at(-1)
    expect(confirmation?.body).toMatch(/^Recorded as watched: .+\. Undo from Onair’s Records view/)
    // The window did not open: the point of the button is not to.
    expect(s.window().isVisible()).toBe(false)
  })

  it('a background write the disk refuses (the outbox sending a record) is told once, naming the database', async () => {
    const s = await run.start({ platform: 'darwin', ...signedInTo(await run.emulator({ soonSeconds: 600 })) })
    await vi.waitFor(() => expect(s.notifications().length).toBeGreaterThan(0), { timeout: 10_000 })
    s.notifications()[0]?.pressAction(0)
    const before = s.notifications().length
    vi.stubEnv('ONAIR_FAULT_WRITE', 'ENOSPC:outbox')
    try {
      // Past the undo window: the sender's pass cannot write the entry as sending.
      s.clock.advance(11_000)
      await vi.waitFor(() => expect(s.notifications().length).toBe(before + 1), { timeout: 10_000 })
      expect(s.notifications().at(-1)?.body).toMatch(/^The disk is full: .*onair\.db could not be saved/)
      s.clock.advance(60_000)
      await s.settle(20)
      expect(s.notifications()).toHaveLength(before + 1)
    } finally {
      vi.unstubAllEnvs()
    }
    const listed = (await s.invoke('outbox:list')) as { ok: true; value: { entries: unknown[] } }
    expect(listed.value.entries).toHaveLength(1)
  })

  it('Linux: reminders carry no buttons; the click opens the quick record', async () => {
    const s = await run.start({ platform: 'linux', ...signedInTo(await run.emulator({ soonSeconds: 600 })) })
    await vi.waitFor(() => expect(s.notifications().length).toBeGreaterThan(0), { timeout: 10_000 })
    expect(s.notifications()[0]?.actions).toEqual([])
  })

  it.each([
    ['linux', 'Fish &amp; Chips &lt;i&gt;live&lt;/i&gt;'],
    ['darwin', 'Fish & Chips <i>live</i>']
  ] as const)(
    '%s: a reminder body is escaped where the server reads markup, as written elsewhere',
    async (platform, body) => {
      const emu = await run.emulator({ soonSeconds: 600 })
      const soon = emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!
      emu.media.episode(soon.episodeId!)!.title = 'Fish & Chips <i>live</i>'
      const s = await run.start({ platform, ...signedInTo(emu) })
      await vi.waitFor(() => expect(s.notifications().length).toBeGreaterThan(0), { timeout: 10_000 })
      expect(s.notifications()[0]?.body).toContain(body)
    }
  )
})
