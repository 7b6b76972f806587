/**
 * The session bus's notification server, reached through @homebridge/dbus-native: one connection,
 * what the server said it can do, and calls that end only with an answer, an error reply or the
 * connection's loss (a slow answer is waited for: a call the server may still carry out is never
 * taken as failed). When the server cannot be reached, the reason, for the log.
 */
import type { LocalizedText } from '../../shared/locale'
import { within, type Clock } from './clock'

export const NAME = 'org.freedesktop.Notifications'
export const PATH = '/org/freedesktop/Notifications'
/** How long the server may take to answer GetCapabilities before it is taken as absent. */
const ASK_TIMEOUT_MS = 2_000

/** The few calls made of @homebridge/dbus-native (its own types name only the system bus). */
interface Bus {
  connection: { on(event: 'error' | 'end', listener: (e?: unknown) => void): void; end(): void }
  signals: { on(name: string, listener: (body: unknown[]) => void): void }
  invoke(message: object, callback: (error: unknown, ...values: unknown[]) => void): void
  addMatch(match: string, callback: (error: unknown) => void): void
  mangle(path: string, iface: string, member: string): string
}
/**
 * The library is loaded with the first connection: it and its XML parser stay resident in
 * `onair run`, which a daemon with no session bus (ssh, a service, macOS) never needs.
 */
async function createClient(opts: { busAddress: string }): Promise<Bus> {
  const dbus = (await import('@homebridge/dbus-native')) as unknown as { createClient(o: typeof opts): Bus }
  return dbus.createClient(opts)
}

export interface NotificationSession {
  capabilities: ReadonlySet<string>
  /** False once the connection ended or failed. */
  alive(): boolean
  /** The answer; rejects on an error reply or when the connection is lost, never on slowness. */
  call<T>(member: string, signature?: string, body?: unknown[]): Promise<T>
  onSignal(member: string, listener: (body: unknown[]) => void): void
  /** Called once when the connection is lost (not when closed). */
  onLost(listener: () => void): void
  close(): void
}

export type Reached = { session: NotificationSession } | { reason: LocalizedText }

const PLAIN = { en: 'Notifications without buttons', ja: 'ボタンのない通知を使います' }
/** dbus-native opens such a socket only through the optional native `abstract-socket` module, not shipped. */
const ABSTRACT: LocalizedText = {
  en: `${PLAIN.en}: the session bus is on an abstract socket (unix:abstract=, as older dbus-launch sessions set up), which Onair cannot open`,
  ja: `${PLAIN.ja}: セッションバスが抽象ソケット (unix:abstract=、古い dbus-launch のセッション) にあり、Onair からは開けません`
}
const unreachable = (detail: string): LocalizedText => ({
  en: `${PLAIN.en}: the session bus could not be reached (${detail})`,
  ja: `${PLAIN.ja}: セッションバスにつながりません (${detail})`
})
const noServer = (detail: string): LocalizedText => ({
  en: `${PLAIN.en}: no notification server answered on the session bus (${detail}); asked again at a later notification`,
  ja: `${PLAIN.ja}: セッションバスの通知サーバーが応答しません (${detail})。後の通知でもう一度確かめます`
})
export const LOST: LocalizedText = {
  en: `${PLAIN.en}: the connection to the session bus was lost; asked again at a later notification`,
  ja: `${PLAIN.ja}: セッションバスとの接続が切れました。後の通知でもう一度確かめます`
}

const messageOf = (e: unknown): string =>
  e instanceof Error ? e.message : Array.isArray(e) ? e.join(' ') : (JSON.stringify(e) ?? String(e))

function session(bus: Bus, capabilities: ReadonlySet<string>, lost: Promise<never>): NotificationSession {
  let alive = true
  let closed = false
  const onLost: Array<() => void> = []
  lost.catch(() => {
    alive = false
    if (closed) return
    // A connection that failed is let go (its socket closed), and a new one made when needed.
    bus.connection.end()
    for (const listener of onLost) listener()
  })
  return {
    capabilities,
    alive: () => alive,
    call: <T>(member: string, signature?: string, body?: unknown[]) =>
      Promise.race([invoke<T>(bus, member, signature, body), lost]),
    onSignal: (member, listener) => bus.signals.on(bus.mangle(PATH, NAME, member), listener),
    onLost: (listener) => void onLost.push(listener),
    close() {
      closed = true
      alive = false
      bus.connection.end()
    }
  }
}

function invoke<T>(bus: Bus, member: string, signature = '', body: unknown[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    bus.invoke({ destination: NAME, path: PATH, interface: NAME, member, signature, body }, (error, value) => {
      if (error) reject(new Error(messageOf(error)))
      else resolve(value as T)
    })
  })
}

/** The session's notification server and what it can do, or why it cannot be used. */
export async function reachServer(busAddress: string, clock: Clock): Promise<Reached> {
  let bus: Bus
  try {
    bus = await createClient({ busAddress })
  } catch (e) {
    return { reason: busAddress.includes('unix:abstract=') ? ABSTRACT : unreachable(messageOf(e)) }
  }
  // A socket that is not there fails at once, not after the call's timeout; and a bus that goes
  // away later must not take the process with it (an unhandled 'error').
  const lost = new Promise<never>((_resolve, reject) => {
    bus.connection.on('error', (e) => reject(new Error(messageOf(e))))
    bus.connection.on('end', () => reject(new Error('the bus ended the connection')))
  })
  let gone = false
  lost.catch(() => (gone = true))
  try {
    const answer = await within(
      clock,
      ASK_TIMEOUT_MS,
      Promise.race([invoke<string[]>(bus, 'GetCapabilities'), lost]),
      () => {
        throw new Error(`no answer in ${ASK_TIMEOUT_MS / 1000} s`)
      }
    )
    bus.addMatch(`type='signal',interface='${NAME}',path='${PATH}'`, () => undefined)
    return { session: session(bus, new Set(answer), lost) }
  } catch (e) {
    bus.connection.end()
    return { reason: gone ? unreachable(messageOf(e)) : noServer(messageOf(e)) }
  }
}
