import { afterEach, describe, expect, it, vi } from 'vitest'
import { RETRY_MS } from '../../../src/main/core/freedesktop-notifier'
import { describePremieres } from '../../../src/main/core/reminders/premieres'
import { program } from '../programs/fixtures'
import { notifier, reminder } from './notifier-fixture'
import {
  missing,
  startNotificationServer,
  startSessionBus,
  type NotificationServer,
  type SessionBus
} from './notification-server'

/**
 * Onair's own D-Bus client of the notification server (Watched / Snooze on Linux),
 * against python3-dbusmock's notification daemon on a private session bus. Skipped, saying why,
 * where the Debian packages are absent; CI sets ONAIR_REQUIRE_NOTIFICATION_SERVER.
 */
const unavailable = missing()
if (unavailable && process.env.ONAIR_REQUIRE_NOTIFICATION_SERVER) {
  throw new Error(`ONAIR_REQUIRE_NOTIFICATION_SERVER is set, but ${unavailable}`)
}

describe('no session bus, or no server on it', () => {
  it('without a bus address: every notification takes the plain path', async () => {
    const { n, fallback } = notifier({})
    n.show(reminder)
    await vi.waitFor(() => expect(fallback.shown).toEqual([reminder]))
    await n.close()
  })

  it('a session bus on an abstract socket (which the bundled library cannot open): the plain path, logged saying so', async () => {
    const { n, fallback, plain, capabilities } = notifier({
      DBUS_SESSION_BUS_ADDRESS: 'unix:abstract=/tmp/dbus-onair,guid=1'
    })
    n.show(reminder)
    await vi.waitFor(() => expect(fallback.shown).toEqual([reminder]))
    expect(plain).toEqual([expect.stringMatching(/abstract socket \(unix:abstract=, as older dbus-launch sessions/)])
    // Never asked: the fallback formats for a markup server, as most are.
    expect(capabilities()).toBeUndefined()
    await n.close()
  })

  it('a bus address that leads nowhere: the plain path, and no crash', async () => {
    const { n, fallback } = notifier({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/onair-bus' })
    n.show(reminder)
    await vi.waitFor(() => expect(fallback.shown).toEqual([reminder]))
    await n.close()
  })
})

describe.skipIf(unavailable !== undefined)(`a real notification server (${unavailable ?? 'dbusmock'})`, () => {
  let server: NotificationServer | undefined
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    server?.close()
    server = undefined
    close = undefined
  })

  async function withServer(capabilities: string[], withClick = true, keep = false) {
    server = await startNotificationServer(capabilities, undefined, keep)
    const made = notifier(server.env, withClick)
    close = made.n.close
    return { ...made, server }
  }

  it('a reminder with actions: name, icon, desktop entry, escaped body, a labelled click, Watched and Snooze; it waits for the user', async () => {
    const { n, fallback, server } = await withServer(['body', 'body-markup', 'actions'])
    n.show(reminder)
    await server.waitForNotifyCalls(1)
    expect(server.notifyCalls()[0]).toEqual({
      id: 1,
      appName: 'Onair',
      replacesId: 0,
      icon: '/opt/Onair/resources/icon.png',
      summary: 'Fish & Chips',
      body: 'Ep. 3 &lt;i&gt;live&lt;/i&gt; in 10 min',
      actions: ['default', 'Open in Onair', 'watched', 'Watched', 'snooze', 'Snooze 5 min'],
      hints: { 'desktop-entry': 'app.onair.Onair' },
      expireTimeout: 0
    })
    expect(fallback.shown).toEqual([])
  })

  it('what has no buttons, or reaches a server without actions, leaves after the server’s usual time', async () => {
    const { n, server } = await withServer(['body', 'body-markup', 'actions'])
    n.show({ id: 'summary', title: 'Onair', body: 'Missed while away: 2' })
    await server.waitForNotifyCalls(1)
    expect(server.notifyCalls()[0]).toMatchObject({ expireTimeout: -1, hints: { 'desktop-entry': 'app.onair.Onair' } })
    server.close()
    const plain = await withServer(['body'])
    plain.n.show(reminder)
    await plain.server.waitForNotifyCalls(1)
    expect(plain.server.notifyCalls()[0]).toMatchObject({ actions: [], expireTimeout: -1 })
  })

  it('a server that advertises links in bodies still gets none (notification-daemon shows such a body raw): the click opens it', async () => {
    const { n, server, clicks } = await withServer(['body', 'body-markup', 'body-hyperlinks', 'actions'])
    n.show(reminder)
    n.show({ id: 'summary', title: 'Onair', body: 'Missed while away: 2' })
    await server.waitForNotifyCalls(2)
    expect(server.notifyCalls().map((c) => c.body)).toEqual([
      'Ep. 3 &lt;i&gt;live&lt;/i&gt; in 10 min',
      'Missed while away: 2'
    ])
    expect(server.notifyCalls()[0]!.actions.slice(0, 2)).toEqual(['default', 'Open in Onair'])
    server.press(1, 'default')
    await vi.waitFor(() => expect(clicks).toEqual(['reminder:1:10']))
  })

  it('stopping withdraws the reminders still waiting for a press, and leaves the rest to the server', async () => {
    const { n, server } = await withServer(['body', 'actions'], true, true)
    n.show(reminder)
    n.show({ ...reminder, id: 'reminder:2:10', reminder: { ...reminder.reminder!, key: '2:10', programId: 2 } })
    n.show({ id: 'summary', title: 'Onair', body: 'Missed while away: 2' })
    await server.waitForNotifyCalls(3)
    // The second was acted on: Onair took it off already.
    server.press(2, 'watched')
    await vi.waitFor(() => expect(server.onScreen()).toEqual([1, 3]))
    await n.close()
    expect(server.onScreen()).toEqual([3])
  })

  it('premieres announced together: one Notify call, every line escaped, no buttons, no link', async () => {
    const { n, server } = await withServer(['body', 'body-markup', 'body-hyperlinks', 'actions'])
    const works = ['Fish & Chips', '<i>Orbit</i>'].map((title, i) =>
      program(i + 1, Date.UTC(2026, 2, 28, 21, i), { title })
    )
    n.show(describePremieres(works, { locale: 'en', timeZone: 'UTC', now: Date.UTC(2026, 2, 28, 12) })!)
    await server.waitForNotifyCalls(1)
    expect(server.notifyCalls()).toEqual([
      expect.objectContaining({
        summary: '2 premieres coming up',
        body: '21:00 Fish &amp; Chips Ep. 1 (TOKYO MX)\n21:01 &lt;i&gt;Orbit&lt;/i&gt; Ep. 1 (TOKYO MX)',
        actions: ['default', 'Open in Onair'],
        expireTimeout: -1
      })
    ])
  })

  it('a press comes back as that button for that reminder; a click as the click; others’ ids are ignored', async () => {
    const { n, presses, clicks, server } = await withServer(['body', 'actions'])
    n.show(reminder)
    await server.waitForNotifyCalls(1)
    server.press(1, 'snooze')
    await vi.waitFor(() => expect(presses).toEqual(['snooze:reminder:1:10']))
    // Another program's notification on the same bus: not ours to act on.
    server.press(99, 'watched')
    // The reminder shown again (replacing id 1) takes presses again: here a click.
    n.show(reminder)
    await server.waitForNotifyCalls(2)
    server.press(1, 'default')
    await vi.waitFor(() => expect(clicks).toEqual(['reminder:1:10']))
    expect(presses).toEqual(['snooze:reminder:1:10'])
  })

  it('a server that keeps a used notification (dunst): Onair takes it off the screen, honouring each button pressed until then', async () => {
    const { n, presses, server } = await withServer(['body', 'actions'], true, true)
    n.show(reminder)
    await server.waitForNotifyCalls(1)
    // Snooze, Snooze again, then Watched, all before Onair's close reaches the server.
    server.press(1, 'snooze', 'snooze', 'watched')
    await vi.waitFor(() =>
      expect(presses).toEqual(['snooze:reminder:1:10', 'snooze:reminder:1:10', 'watched:reminder:1:10'])
    )
    await vi.waitFor(() => expect(server.onScreen()).toEqual([]))
  })

  it('the same reminder again replaces the first instead of stacking a second', async () => {
    const { n, server } = await withServer(['body', 'actions'])
    n.show(reminder)
    await server.waitForNotifyCalls(1)
    n.show({ ...reminder, body: 'Ep. 3 on air now' })
    n.show({ ...reminder, id: 'other', reminder: undefined })
    await server.waitForNotifyCalls(3)
    expect(server.notifyCalls().map((c) => c.replacesId)).toEqual([0, 1, 0])
  })

  it('a server without actions: no buttons, the body plain when it reads no markup', async () => {
    const { n, server } = await withServer(['body'])
    n.show(reminder)
    await server.waitForNotifyCalls(1)
    expect(server.notifyCalls()[0]).toMatchObject({ actions: [], body: reminder.body })
  })

  it('onair run (no window): a click offered on a program’s notification only; no buttons on other notifications', async () => {
    const { n, server } = await withServer(['body', 'actions'], false)
    n.show(reminder)
    n.show({ id: 'summary', title: 'Onair', body: 'Missed while away: 2' })
    await server.waitForNotifyCalls(2)
    expect(server.notifyCalls().map((c) => c.actions)).toEqual([
      ['default', 'Open in Onair', 'watched', 'Watched', 'snooze', 'Snooze 5 min'],
      []
    ])
  })

  it('a server that goes away: later notifications take the plain path, formatted as the server said', async () => {
    const { n, fallback, server, plain, capabilities } = await withServer(['body', 'actions'])
    n.show(reminder)
    await server.waitForNotifyCalls(1)
    server.close()
    n.show({ ...reminder, id: 'after' })
    await vi.waitFor(() => expect(fallback.shown.map((s) => s.id)).toEqual(['after']), { timeout: 5_000 })
    expect(plain).toEqual([
      'Notifications without buttons: the connection to the session bus was lost; asked again at a later notification'
    ])
    // What the D-Bus client learnt, for the fallback's body (no second way of asking).
    expect(capabilities()).toEqual(new Set(['body', 'actions']))
  })
})

describe.skipIf(unavailable !== undefined)(`a server that starts after Onair (${unavailable ?? 'dbusmock'})`, () => {
  let bus: SessionBus | undefined
  let server: NotificationServer | undefined
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    server?.close()
    bus?.close()
    server = bus = close = undefined
  })

  it('is asked again at a later notification, at most once a minute: then the reminder has its buttons', async () => {
    bus = await startSessionBus()
    const { n, fallback, plain, clock, presses } = notifier(bus.env)
    close = n.close
    n.show(reminder)
    await vi.waitFor(() => expect(fallback.shown.map((s) => s.id)).toEqual([reminder.id]))
    expect(plain).toEqual([expect.stringMatching(/^Notifications without buttons: no notification server answered/)])
    server = await startNotificationServer(['body', 'actions'], bus)
    // Within the minute: not asked again yet.
    clock.advance(RETRY_MS - 1)
    n.show({ ...reminder, id: 'soon' })
    await vi.waitFor(() => expect(fallback.shown.map((s) => s.id)).toEqual([reminder.id, 'soon']))
    clock.advance(1)
    n.show(reminder)
    await server.waitForNotifyCalls(1)
    expect(server.notifyCalls()[0]!.actions).toEqual([
      'default',
      'Open in Onair',
      'watched',
      'Watched',
      'snooze',
      'Snooze 5 min'
    ])
    server.press(1, 'watched')
    await vi.waitFor(() => expect(presses).toEqual(['watched:reminder:1:10']))
    expect(fallback.shown).toHaveLength(2)
    // Told once, not at every try.
    expect(plain).toHaveLength(1)
  })
})
