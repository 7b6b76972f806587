import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  NOTIFICATION_DAEMON,
  XFCE4_NOTIFYD,
  gtkServerMissing,
  startGtkServer,
  type GtkServer,
  type OnScreen
} from './gtk-server'
import { notifier, reminder } from './notifier-fixture'

/**
 * Onair's reminders on the GTK notification servers Debian ships, read off the screen and clicked
 * as a person would (gtk-server.ts). Both advertise body-markup and body-hyperlinks; GNOME's
 * notification-daemon draws a body with a link as raw markup, so no body carries one and the
 * click opens Onair instead: on the body there, on a button labelled with it in Xfce. Skipped,
 * saying why, without the packages; CI sets ONAIR_REQUIRE_NOTIFICATION_SERVER.
 */
const texts = (n: OnScreen) => n.labels.map((l) => l.name)
const buttonsOf = (n: OnScreen) => n.buttons.map((b) => b.name).filter(Boolean)
const button = (n: OnScreen, name: string) => n.buttons.find((b) => b.name === name)!

const servers = [
  {
    kind: NOTIFICATION_DAEMON,
    buttons: ['Watched', 'Snooze 5 min'],
    // The click on the body is the default action (nd-bubble.c nd_bubble_button_release_event).
    openInOnair: (n: OnScreen) => n.labels[1]!,
    // It cannot take back a bubble on screen (nd-queue.c _nd_queue_remove), so the user's × does.
    withdraws: false
  },
  {
    kind: XFCE4_NOTIFYD,
    buttons: ['Open in Onair', 'Watched', 'Snooze 5 min'],
    // A click on the body dismisses; the default action is a button with its label.
    openInOnair: (n: OnScreen) => button(n, 'Open in Onair'),
    withdraws: true
  }
]

for (const { kind, buttons, openInOnair, withdraws } of servers) {
  const unavailable = gtkServerMissing(kind)
  if (unavailable && process.env.ONAIR_REQUIRE_NOTIFICATION_SERVER) {
    throw new Error(`ONAIR_REQUIRE_NOTIFICATION_SERVER is set, but ${unavailable}`)
  }

  describe.skipIf(unavailable !== undefined)(`reminders on ${unavailable ?? kind.name}`, () => {
    let server: GtkServer
    beforeAll(async () => void (server = await startGtkServer(kind)), 30_000)
    afterAll(() => server?.close())
    let close: (() => Promise<void>) | undefined
    afterEach(async () => {
      await close?.()
      close = undefined
      await vi.waitFor(() => expect(server.screen()).toEqual([]), { timeout: 10_000 })
    })

    it('the reminder reads as written, with its buttons; Snooze clicked is Snooze, and it leaves the screen', async () => {
      const { n, presses } = notifier(server.env)
      close = n.close
      n.show(reminder)
      const shown = await server.shown('Fish & Chips')
      expect(texts(shown)).toEqual(['Fish & Chips', 'Ep. 3 <i>live</i> in 10 min'])
      expect(buttonsOf(shown)).toEqual(buttons)
      server.click(button(shown, 'Snooze 5 min'))
      await vi.waitFor(() => expect(presses).toEqual(['snooze:reminder:1:10']))
      await vi.waitFor(() => expect(server.screen()).toEqual([]))
    })

    it('Open in Onair, where the server puts it, is the click that opens the reminder in Onair', async () => {
      const { n, clicks, presses } = notifier(server.env)
      close = n.close
      n.show(reminder)
      server.click(openInOnair(await server.shown('Fish & Chips')))
      await vi.waitFor(() => expect(clicks).toEqual(['reminder:1:10']))
      expect(presses).toEqual([])
    })

    it(`the reminder stays past the server’s usual time, which takes other notifications away; ${withdraws ? 'Onair withdraws it when it stops' : 'its × closes it'}`, async () => {
      const { n } = notifier(server.env)
      close = n.close
      n.show({ id: 'summary', title: 'Missed while away', body: '2 reminders' })
      n.show(reminder)
      await server.shown('Missed while away')
      // notification-daemon's 5 s; Xfce's setting here, 1 s.
      await vi.waitFor(() => expect(server.screen().map((s) => s.labels[0]!.name)).toEqual(['Fish & Chips']), {
        timeout: 10_000,
        interval: 250
      })
      if (withdraws) await n.close()
      else server.click(button(await server.shown('Fish & Chips'), ''))
      await vi.waitFor(() => expect(server.screen()).toEqual([]))
    }, 20_000)
  })
}
