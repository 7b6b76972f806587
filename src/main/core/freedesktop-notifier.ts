/**
 * Linux notifications spoken over D-Bus (the Desktop Notifications spec), in the app and in
 * `onair run`: Electron and notify-send offer no buttons there, and neither can
 * replace the notification they showed before. Here a reminder carries "Watched" and "Snooze" when
 * the server advertises `actions`, a later notification with the same id replaces the earlier one
 * (`replaces_id`) instead of stacking, and a press comes back as `ActionInvoked` to the process
 * that showed it (every process on the bus hears the signal; each knows only its own ids).
 * Without a session bus, or without a notification server on it, everything goes to `fallback`.
 *
 * The body is escaped as notification-markup.ts says for the server's capabilities, and never
 * carries a link (`<a href>`), whatever the server advertises: GNOME's notification-daemon 3.20
 * advertises `body-hyperlinks` yet checks the body with Pango's parser, which has no `<a>`, and on
 * failure shows the whole body escaped, tags and entities as text (nd-bubble.c
 * nd_bubble_set_notification: pango_parse_markup, else g_markup_escape_text). What a link would
 * open is the default action instead, labelled: notification-daemon, GNOME Shell and KDE invoke
 * it on a click on the body (nd-bubble.c nd_bubble_button_release_event: "default"),
 * xfce4-notifyd 0.7 shows it as a button with its label (xfce-notify-window.c
 * xfce_notify_window_set_actions hides only empty labels), dunst offers it in its menu.
 * The summary is never markup.
 *
 * A reminder with buttons waits for the user: `expire_timeout` 0 ("never expire"), which
 * notification-daemon (nd-bubble.c add_timeout), xfce4-notifyd (xfce-notify-window.c) and dunst
 * honour; GNOME Shell hides the banner anyway and keeps it in its list. Not the `resident` hint:
 * it asks the server to keep a notification after a press, and notification-daemon then keeps
 * the bubble (nd-bubble.c on_action_clicked) where no CloseNotification can take it away
 * (nd-queue.c _nd_queue_remove: "withdraw currently showing bubbles" is a FIXME). Onair withdraws
 * its waiting reminders when it stops, since their presses would go unheard (except there).
 */
import type { LocalizedText } from '../../shared/locale'
import { DESKTOP_ID } from './autostart'
import { within, type Clock } from './clock'
import { LOST, reachServer, type NotificationSession } from './freedesktop-bus'
import { bodyForServer } from './notification-markup'
import type { NativeNotification, NotificationButton, Notifier } from './notify'

/** Onair's desktop id, by which a server matches notifications to the app's entry. */
export const DESKTOP_ENTRY = DESKTOP_ID
/** Enough for every reminder of an evening: older ones are let go (their presses are ignored). */
const KEEP = 64
/**
 * A server that could not be reached is asked again at a later notification, but not more often:
 * the desktop's server may start after Onair (at login), or come back after a crash.
 */
export const RETRY_MS = 60_000
/**
 * How long a Notify's answer is waited for (D-Bus's own default reply timeout). A slow server may
 * still show it, so a late answer is never taken as a failure: only its id (for replacing and
 * presses) is lost, never shown twice.
 */
const NOTIFY_PATIENCE_MS = 25_000
/** How long stopping waits for the server to take the waiting reminders off the screen. */
const WITHDRAW_PATIENCE_MS = 2_000

export interface FreedesktopOptions {
  env: Record<string, string | undefined>
  clock: Clock
  appName: string
  /** A path to Onair's icon, for servers that cannot find it through the desktop entry. */
  icon?: string
  /** The buttons of one notification (reminders): offered when the server has `actions`. */
  buttons(n: NativeNotification): NotificationButton[]
  onAction(button: string, n: NativeNotification): void
  /** A click on the notification's body (the default action). */
  onClick(n: NativeNotification): void
  /** Whether a click opens anything for `n`, else none is offered (`onair run`: programs only). */
  clickable?(n: NativeNotification): boolean
  /**
   * Where notifications go without a bus or a server. `capabilities` is what the server last said
   * it reads (undefined when none ever answered), so the fallback formats bodies without asking.
   */
  fallback(capabilities: () => ReadonlySet<string> | undefined): Notifier
  /** Why notifications take the plain path, each time they start to. */
  onPlain?(reason: LocalizedText): void
  /** The label of the click (the default action), which some servers show as a button. */
  clickText(): string
}

/** The spec's `expire_timeout` values: the server's default, and never. */
const SERVER_DEFAULT = -1
const NEVER = 0

export function freedesktopNotifier(
  opts: FreedesktopOptions
): Notifier & { withdraw(id: string): void; close(): Promise<void> } {
  /** What the server last said it can do; kept when it goes away, for the fallback's bodies. */
  let known: ReadonlySet<string> | undefined
  const fallback = opts.fallback(() => known)
  const address = opts.env['DBUS_SESSION_BUS_ADDRESS']
  // No session (ssh, a service, a test): nothing to ask, and the plain path stays synchronous.
  if (!address) return { show: (n) => fallback.show(n), withdraw: () => {}, close: async () => {} }
  /** Onair's notification id → the server's, for replaces_id. */
  const serverIds = new Map<string, number>()
  /** The server's id → what was shown, for a press. */
  const shown = new Map<number, NativeNotification>()
  /** The server's ids of what waits for the user (never expires), withdrawn when Onair stops. */
  const waiting = new Set<number>()
  let closed = false
  let askedAt = opts.clock.now()
  /** The reason last told, so that a server still missing at each retry is told once. */
  let told: string | undefined
  const plain = (reason: LocalizedText): void => {
    if (told !== reason.en) opts.onPlain?.(reason)
    told = reason.en
  }

  const reach = async (): Promise<NotificationSession | null> => {
    askedAt = opts.clock.now()
    const reached = await reachServer(address, opts.clock)
    if ('reason' in reached) return (plain(reached.reason), null)
    const s = reached.session
    if (closed) return (s.close(), null)
    told = undefined
    known = s.capabilities
    // Ids of an earlier connection mean nothing to this one (the server may have restarted).
    serverIds.clear()
    shown.clear()
    waiting.clear()
    s.onLost(() => plain(LOST))
    s.onSignal('ActionInvoked', ([id, key]) => {
      const n = shown.get(Number(id))
      if (!n) return
      if (key === 'default') opts.onClick(n)
      else opts.onAction(String(key), n)
      // Used, it is taken off the screen: servers may keep it (the spec's `resident` hint; dunst
      // after an action from its menu). Until the server says it closed, a button still shown is
      // honoured: Snooze again moves the snooze, Watched after Snooze records.
      s.call('CloseNotification', 'u', [Number(id)]).catch(() => undefined)
    })
    s.onSignal('NotificationClosed', ([id]) => {
      shown.delete(Number(id))
      waiting.delete(Number(id))
    })
    return s
  }
  let server = reach()

  /** The live session, reaching the server again when it is gone and the last try is old enough. */
  const current = async (): Promise<NotificationSession | null> => {
    for (;;) {
      const pending = server
      const s = await pending
      if (s?.alive()) return s
      // Another notification already asked again meanwhile: take its answer.
      if (pending !== server) continue
      if (closed || opts.clock.now() - askedAt < RETRY_MS) return null
      server = reach()
    }
  }

  const actionsOf = (n: NativeNotification, s: NotificationSession): { click: string[]; buttons: string[] } => {
    if (!s.capabilities.has('actions')) return { click: [], buttons: [] }
    return {
      click: (opts.clickable?.(n) ?? true) ? ['default', opts.clickText()] : [],
      buttons: opts.buttons(n).flatMap((b) => [b.id, b.text])
    }
  }

  const send = async (s: NotificationSession, n: NativeNotification): Promise<void> => {
    const { click, buttons } = actionsOf(n, s)
    // A broadcast's reminder with buttons stays until the user acts or Onair withdraws it.
    const waits = n.reminder !== undefined && buttons.length > 0
    const notify = s.call<number>('Notify', 'susssasa{sv}i', [
      opts.appName,
      serverIds.get(n.id) ?? 0,
      opts.icon ?? '',
      n.title,
      bodyForServer(n.body, s.capabilities),
      [...click, ...buttons],
      [['desktop-entry', ['s', DESKTOP_ENTRY]]],
      waits ? NEVER : SERVER_DEFAULT
    ])
    const id = await within<number | undefined>(opts.clock, NOTIFY_PATIENCE_MS, notify, () => undefined)
    if (id === undefined) return
    serverIds.delete(n.id)
    serverIds.set(n.id, id)
    shown.set(id, n)
    if (waits) waiting.add(id)
    else waiting.delete(id)
    for (const [key, old] of serverIds) {
      if (serverIds.size <= KEEP) break
      serverIds.delete(key)
      shown.delete(old)
      waiting.delete(old)
    }
  }

  return {
    show(n) {
      void current().then(async (s) => {
        if (!s) return fallback.show(n)
        // An error reply or a lost connection (never a slow answer): the plain path still shows it.
        await send(s, n).catch(() => fallback.show(n))
      })
    },
    /** Taken off the screen (its episode was recorded elsewhere): the server's CloseNotification. */
    withdraw(id) {
      void current().then((s) => {
        const serverId = serverIds.get(id)
        if (!s || serverId === undefined) return
        serverIds.delete(id)
        s.call('CloseNotification', 'u', [serverId]).catch(() => undefined)
      })
    },
    async close() {
      closed = true
      const s = await server
      if (!s) return
      // What waits for a press nobody will hear any more is taken off the screen first, but a
      // server that does not answer does not hold Onair's exit.
      if (s.alive()) {
        const withdrawn = [...waiting].map((id) => s.call('CloseNotification', 'u', [id]).catch(() => undefined))
        await within<unknown>(opts.clock, WITHDRAW_PATIENCE_MS, Promise.all(withdrawn), () => undefined)
      }
      s.close()
    }
  }
}
