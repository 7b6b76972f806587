import { savedDocument } from '../../support/saved-documents'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SNOOZE_MS } from '../../../src/main/core/reminders/snoozes'
import type { HistoryEntry } from '../../../src/shared/reminder-history'
import { SOON_PROGRAM_ID } from '../../emulator/index'
import { tempDir } from '../../support/temp-dir'
import { fakeProgram } from '../cli/fake-program'
import { app } from '../shell/electron-double'
import { shellPerTest, signedInTo, type Shell } from '../shell/harness'
import { missing, startNotificationServer, type NotificationServer } from './notification-server'

vi.mock('electron', () => import('../shell/electron-double').then((m) => m.electronModule))

/**
 * As a Linux user meets it: the app (on the Electron double) shows a reminder through
 * python3-dbusmock's notification server with Watched and Snooze, and a press does exactly what
 * the macOS and Windows buttons do. Skipped, saying why, without the Debian packages.
 */
const unavailable = missing()
if (unavailable && process.env.ONAIR_REQUIRE_NOTIFICATION_SERVER) {
  throw new Error(`ONAIR_REQUIRE_NOTIFICATION_SERVER is set, but ${unavailable}`)
}

describe.skipIf(unavailable !== undefined)(`the app's reminders on Linux (${unavailable ?? 'dbusmock'})`, () => {
  const run = shellPerTest()
  let server: NotificationServer | undefined
  afterEach(() => {
    server?.close()
    server = undefined
  })

  async function withReminder(
    capabilities = ['body', 'body-markup', 'actions'],
    env: Record<string, string> = {},
    keep = false
  ) {
    server = await startNotificationServer(capabilities, undefined, keep)
    const emu = await run.emulator({ soonSeconds: 600 })
    // Text the server would read as markup, were it to read markup.
    emu.media.channel(1)!.name = 'Tokyo MX & <BS>'
    const signedIn = signedInTo(emu)
    const s = await run.start({ platform: 'linux', ...signedIn, env: { ...signedIn.env, ...server.env, ...env } })
    // The reminder's notification, not another one of the same data (a premiere).
    const title = emu.media.work(emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!.workId)!.title
    const call = await server.callTitled(title)
    await server.waitForNotifyCalls(call.id)
    return { s, server, call }
  }
  const snoozes = (s: Shell) => Object.values(savedDocument<{ snoozes: object }>(s.dataDir, 'snoozes')?.snoozes ?? {})
  /** What the reminder history says was done about the soon program (the acts that stop repeats). */
  const acts = async (s: Shell) =>
    ((await s.invoke('reminders:history')) as { value: { entries: HistoryEntry[] } }).value.entries
      .filter((e) => e.outcome !== 'delivered' && e.reminders.some((r) => r.program.id === SOON_PROGRAM_ID))
      .map((e) => e.outcome)
  const outbox = async (s: Shell) =>
    ((await s.invoke('outbox:list')) as { value: { entries: unknown[] } }).value.entries

  it('the reminder carries Watched and Snooze; Snooze brings it back in 5 minutes, replacing the first', async () => {
    const { s, server, call } = await withReminder()
    // Before the start: Linux's second snooze choice is "until it starts" (snooze-choices.ts).
    expect(call.actions).toEqual([
      'default',
      'Open in Onair',
      'watched',
      'Watched',
      'snooze',
      'Snooze 5 min',
      'snooze:start',
      'Until it starts'
    ])
    expect(call.hints).toEqual({ 'desktop-entry': 'app.onair.Onair' })
    expect(call.expireTimeout).toBe(0)
    expect(s.notifications()).toEqual([]) // nothing went the Electron (libnotify) way
    server.press(call.id, 'snooze')
    await vi.waitFor(() => expect(snoozes(s)).toEqual([expect.objectContaining({ fireAt: s.clock.now() + SNOOZE_MS })]))
    expect(s.window().isVisible()).toBe(false)
    expect(await outbox(s)).toEqual([])
    const before = server.notifyCalls().length
    s.clock.advance(SNOOZE_MS)
    await server.waitForNotifyCalls(before + 1)
    // The return replaces the reminder's earlier notification instead of stacking a second.
    expect(server.notifyCalls().at(-1)).toMatchObject({ replacesId: call.id, summary: call.summary })
  })

  it('quitting takes the reminder still waiting for a press off the screen', async () => {
    const { server, call } = await withReminder()
    expect(call.expireTimeout).toBe(0)
    expect(server.onScreen()).toContain(call.id)
    app.quit()
    await vi.waitFor(() => expect(server.onScreen()).not.toContain(call.id))
  })

  it('"Until it starts" from the server brings the reminder back at the broadcast’s start', async () => {
    const { s, server, call } = await withReminder()
    server.press(call.id, 'snooze:start')
    const start = s.clock.now() + 600_000
    await vi.waitFor(() => expect(snoozes(s)).toEqual([expect.objectContaining({ fireAt: expect.any(Number) })]))
    const [saved] = snoozes(s) as Array<{ fireAt: number; startedAt: string }>
    expect(saved!.fireAt).toBe(Date.parse(saved!.startedAt))
    expect(Math.abs(saved!.fireAt - start)).toBeLessThan(60_000)
    expect(await acts(s)).toEqual(['snoozed'])
  })

  it('Watched records the episode through the outbox, with its undo window', async () => {
    const { s, server, call } = await withReminder()
    server.press(call.id, 'watched')
    await vi.waitFor(async () => expect(await outbox(s)).toEqual([expect.objectContaining({ state: 'waiting' })]))
    await vi.waitFor(async () => expect(await acts(s)).toEqual(['watched']))
  })

  it('on a server that keeps a used notification (dunst): Watched pressed after Snooze records too, and the reminder leaves the screen', async () => {
    const { s, server, call } = await withReminder(undefined, undefined, true)
    server.press(call.id, 'snooze', 'watched')
    await vi.waitFor(async () => expect(await outbox(s)).toEqual([expect.objectContaining({ state: 'waiting' })]))
    expect(snoozes(s)).toEqual([expect.objectContaining({ fireAt: s.clock.now() + SNOOZE_MS })])
    await vi.waitFor(() => expect(server.onScreen()).not.toContain(call.id))
  })

  it('a click opens the quick record', async () => {
    const { s, server, call } = await withReminder()
    server.press(call.id, 'default')
    await vi.waitFor(() => expect(s.window().isVisible()).toBe(true))
    expect(s.events('app:focusProgram')).toHaveLength(1)
    // Kept as 'opened': the act that stops "don't let me miss it" repeating this reminder.
    await vi.waitFor(async () => expect(await acts(s)).toEqual(['opened']))
  })

  it("don't let me miss it: each repeat replaces the reminder's notification instead of piling up", async () => {
    server = await startNotificationServer(['body', 'body-markup', 'actions'])
    const emu = await run.emulator({ soonSeconds: 600 })
    const soon = emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!
    const signedIn = signedInTo(emu)
    const saved = JSON.parse(signedIn.files!['settings.json']!)
    const reminders = { ...saved.reminders, leadMinutes: [10], dontMissWorkIds: [soon.workId] }
    signedIn.files = { ...signedIn.files, 'settings.json': JSON.stringify({ ...saved, reminders }) }
    const s = await run.start({ platform: 'linux', ...signedIn, env: { ...signedIn.env, ...server.env } })
    const title = emu.media.work(soon.workId)!.title
    const call = await server.callTitled(title)
    // Not acted on: again at the start and 5 minutes after, each time in the place of the first.
    for (const minutes of [10, 5]) {
      await server.waitForNotifyCalls(server.notifyCalls().length)
      s.clock.advance(minutes * 60_000)
    }
    const again = () => server!.notifyCalls().filter((c) => c.summary === `Reminder again: ${title}`)
    await vi.waitFor(() => expect(again()).toHaveLength(2))
    expect(again().map((c) => [c.replacesId, c.id])).toEqual([
      [call.id, call.id],
      [call.id, call.id]
    ])
    // Each repeat is still its own reminder: the history keeps both, exactly once.
    await vi.waitFor(async () => expect(await acts(s)).toEqual(['again', 'again']))
  })

  it('a server without actions: the reminder without buttons, still through D-Bus', async () => {
    const { s, call } = await withReminder(['body', 'body-markup'])
    expect(call.actions).toEqual([])
    expect(s.notifications()).toEqual([])
  })

  it('with the server gone, Electron shows the snoozed reminder as the D-Bus server said it reads bodies; dbus-send never runs', async () => {
    const bin = tempDir('onair-bin-')
    const dbusSend = fakeProgram(bin, 'dbus-send')
    const { s, server, call } = await withReminder(['body', 'actions'], { PATH: `${bin}:${process.env.PATH ?? ''}` })
    expect(call.body).toContain('Tokyo MX & <BS>')
    server.press(call.id, 'snooze')
    await vi.waitFor(() => expect(snoozes(s)).toHaveLength(1))
    server.close()
    s.clock.advance(SNOOZE_MS)
    await vi.waitFor(() => expect(s.notifications().map((n) => n.title)).toEqual([call.summary]))
    // A server without body-markup: the body as written, not escaped for markup.
    expect(s.notifications()[0]!.body).toContain('Tokyo MX & <BS>')
    expect(dbusSend.calls()).toEqual([])
  })
})
