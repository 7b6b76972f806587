/**
 * Linux notifications spoken over D-Bus (the Desktop Notifications spec), in the app and in
 * `onair run` (issue 24.2): Electron and notify-send offer no buttons there, and neither can
 * replace the notification they showed before. Here a reminder carries "Watched" and "Snooze" when
 * the server advertises `actions`, a later notification with the same id replaces the earlier one
 * (`replaces_id`) instead of stacking, and a press comes back as `ActionInvoked` to the process
 * that showed it (every process on the bus hears the signal; each knows only its own ids).
 * Without a session bus, or without a notification server on it, everything goes to `fallback`.
 * The body is escaped as notification-markup.ts says for the server's capabilities; the summary
 * is never markup.
 */
import * as dbus from '@homebridge/dbus-native'
import { onairLink } from '../../shared/onair-link'
import { bodyForServer } from './notification-markup'
import type { NativeNotification, NotificationButton, Notifier } from './notify'

/** The name of Onair's desktop entry (onair.desktop), by which a server matches notifications to the app. */
export const DESKTOP_ENTRY = 'onair'
const NAME = 'org.freedesktop.Notifications'
const PATH = '/org/freedesktop/Notifications'
/** How long the server may take to answer GetCapabilities before it is taken as absent. */
const ASK_TIMEOUT_MS = 2_000
/** Enough for every reminder of an evening: older ones are let go (their presses are ignored). */
const KEEP = 64

export interface FreedesktopOptions {
  env: Record<string, string | undefined>
  appName: string
  /** A path to Onair's icon, for servers that cannot find it through the desktop entry. */
  icon?: string
  /** The buttons of one notification (reminders): offered when the server has `actions`. */
  buttons(n: NativeNotification): NotificationButton[]
  onAction(button: string, n: NativeNotification): void
  /** A click on the notification's body; without it no default action is offered (onair run). */
  onClick?(n: NativeNotification): void
  /** Where notifications go without a bus or a server. */
  fallback: Notifier
  /**
   * The words of the `onair://program/<id>` link a program's notification carries where the
   * server shows links in bodies (issue 24.3): from `onair run`'s reminder the user reaches the app.
   */
  linkText(): string
}

/** The few calls this file makes of @homebridge/dbus-native (its own types name only the system bus). */
interface Bus {
  connection: { on(event: 'error' | 'end', listener: (e?: unknown) => void): void; end(): void }
  signals: { on(name: string, listener: (body: unknown[]) => void): void }
  invoke(message: object, callback: (error: unknown, ...values: unknown[]) => void): void
  addMatch(match: string, callback: (error: unknown) => void): void
  mangle(path: string, iface: string, member: string): string
}
const createClient = (dbus as unknown as { createClient(opts: { busAddress: string }): Bus }).createClient

interface Server {
  bus: Bus
  capabilities: ReadonlySet<string>
}

function call<T>(bus: Bus, member: string, signature = '', body: unknown[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${member}: no answer`)), ASK_TIMEOUT_MS)
    bus.invoke({ destination: NAME, path: PATH, interface: NAME, member, signature, body }, (error, value) => {
      clearTimeout(timer)
      if (error) reject(error instanceof Error ? error : new Error(JSON.stringify(error)))
      else resolve(value as T)
    })
  })
}

/** The session's notification server, or null when there is no bus or nothing answers on it. */
async function connect(busAddress: string): Promise<Server | null> {
  try {
    const bus = createClient({ busAddress })
    // A socket that is not there fails at once, not after the call's timeout; and a bus that goes
    // away later must not take the process with it (an unhandled 'error').
    const lost = new Promise<never>((_resolve, reject) => bus.connection.on('error', reject))
    const capabilities = new Set(await Promise.race([call<string[]>(bus, 'GetCapabilities'), lost]))
    return { bus, capabilities }
  } catch {
    return null
  }
}

const programOf = (n: NativeNotification): number | undefined =>
  n.target?.kind === 'record' ? n.target.programId : n.reminder?.programId

export function freedesktopNotifier(opts: FreedesktopOptions): Notifier & { close(): Promise<void> } {
  // No session (ssh, a service, a test): nothing to ask, and the plain path stays synchronous.
  if (!opts.env['DBUS_SESSION_BUS_ADDRESS']) return { show: (n) => opts.fallback.show(n), close: async () => {} }
  /** Onair's notification id → the server's, for replaces_id. */
  const serverIds = new Map<string, number>()
  /** The server's id → what was shown, for a press. */
  const shown = new Map<number, NativeNotification>()
  let alive = true

  const server = connect(opts.env['DBUS_SESSION_BUS_ADDRESS']).then((s) => {
    if (!s) return null
    s.bus.connection.on('end', () => (alive = false))
    s.bus.connection.on('error', () => (alive = false))
    const signal = (member: string, listener: (body: unknown[]) => void): void =>
      s.bus.signals.on(s.bus.mangle(PATH, NAME, member), listener)
    signal('ActionInvoked', ([id, key]) => {
      const n = shown.get(Number(id))
      if (!n) return
      // A notification is done once used (servers close it): a repeated report changes nothing.
      shown.delete(Number(id))
      if (key === 'default') opts.onClick?.(n)
      else opts.onAction(String(key), n)
    })
    signal('NotificationClosed', ([id]) => void shown.delete(Number(id)))
    s.bus.addMatch(`type='signal',interface='${NAME}',path='${PATH}'`, () => undefined)
    return s
  })

  const bodyOf = (n: NativeNotification, capabilities: ReadonlySet<string>): string => {
    const body = bodyForServer(n.body, capabilities)
    const programId = programOf(n)
    if (programId === undefined || !capabilities.has('body-markup') || !capabilities.has('body-hyperlinks')) return body
    return `${body}\n<a href="${onairLink('program', programId)}">${bodyForServer(opts.linkText(), capabilities)}</a>`
  }

  const actionsOf = (n: NativeNotification, s: Server): string[] => {
    if (!s.capabilities.has('actions')) return []
    const buttons = opts.buttons(n).flatMap((b) => [b.id, b.text])
    // The default action is the click on the body; its label is not shown by most servers.
    return opts.onClick ? ['default', opts.appName, ...buttons] : buttons
  }

  const send = async (s: Server, n: NativeNotification): Promise<void> => {
    const hints = [['desktop-entry', ['s', DESKTOP_ENTRY]]]
    const id = await call<number>(s.bus, 'Notify', 'susssasa{sv}i', [
      opts.appName,
      serverIds.get(n.id) ?? 0,
      opts.icon ?? '',
      n.title,
      bodyOf(n, s.capabilities),
      actionsOf(n, s),
      hints,
      -1
    ])
    serverIds.delete(n.id)
    serverIds.set(n.id, id)
    shown.set(id, n)
    for (const [key, old] of serverIds) {
      if (serverIds.size <= KEEP) break
      serverIds.delete(key)
      shown.delete(old)
    }
  }

  return {
    show(n) {
      void server.then(async (s) => {
        if (!s || !alive) return opts.fallback.show(n)
        // A server that went away or refused the call: the plain path still shows it.
        await send(s, n).catch(() => opts.fallback.show(n))
      })
    },
    async close() {
      const s = await server
      alive = false
      s?.bus.connection.end()
    }
  }
}
