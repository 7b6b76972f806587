import type { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import { freedesktopNotifier } from '../../../src/main/core/freedesktop-notifier'
import { memoryNotifier, type NativeNotification } from '../../../src/main/core/notify'

/**
 * A Notify is given up for the plain path only on an error reply or a lost
 * connection, never for being slow: the server may still show it, and the user would see the
 * reminder twice. The bus connection here is a stand-in for @homebridge/dbus-native's whose
 * answers the test releases (a real server cannot be made slow on cue).
 */
type Answer = (error: unknown, value?: unknown) => void

const fake = vi.hoisted(() => ({
  /** Notify calls not answered yet, oldest first. */
  notify: [] as Answer[],
  connection: undefined as unknown as EventEmitter
}))

vi.mock('@homebridge/dbus-native', async () => {
  const { EventEmitter: Emitter } = await import('node:events')
  return {
    createClient: () => {
      const connection = Object.assign(new Emitter(), { end: () => undefined })
      fake.connection = connection
      return {
        connection,
        signals: new Emitter(),
        addMatch: () => undefined,
        mangle: (...parts: string[]) => parts.join('/'),
        invoke(message: { member: string }, answer: Answer) {
          if (message.member === 'GetCapabilities') queueMicrotask(() => answer(null, ['body', 'actions']))
          else fake.notify.push(answer)
        }
      }
    }
  }
})

const reminder: NativeNotification = {
  id: 'reminder:1:10',
  title: 'Fish & Chips',
  body: 'Ep. 3 in 10 min',
  reminder: { key: '1:10', programId: 1, startedAt: '2026-03-28T00:00:00.000Z', offsetMinutes: 10 }
}

function notifier() {
  const clock = new ManualClock()
  const fallback = memoryNotifier()
  const n = freedesktopNotifier({
    env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' },
    clock,
    appName: 'Onair',
    buttons: () => [],
    onAction: () => undefined,
    onClick: () => undefined,
    fallback: () => fallback,
    clickText: () => 'Open in Onair'
  })
  return { n, clock, fallback }
}

/** Lets the notifier's awaits run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('a Notify the server answers slowly', () => {
  it('is waited for: no plain notification besides it, and its id replaces it later', async () => {
    fake.notify.length = 0
    const { n, clock, fallback } = notifier()
    n.show(reminder)
    await vi.waitFor(() => expect(fake.notify).toHaveLength(1))
    // Far past the 2 s a GetCapabilities is given, still short of D-Bus's own 25 s.
    clock.advance(20_000)
    await settle()
    expect(fallback.shown).toEqual([])
    fake.notify[0]!(null, 7)
    await settle()
    expect(fallback.shown).toEqual([])
  })

  it('unanswered for 25 s: given up without a second notification', async () => {
    fake.notify.length = 0
    const { n, clock, fallback } = notifier()
    n.show(reminder)
    await vi.waitFor(() => expect(fake.notify).toHaveLength(1))
    clock.advance(25_000)
    await settle()
    fake.notify[0]!(null, 7)
    await settle()
    expect(fallback.shown).toEqual([])
    expect(clock.pending()).toBe(0)
  })

  it('an error reply: the plain path shows it', async () => {
    fake.notify.length = 0
    const { n, fallback } = notifier()
    n.show(reminder)
    await vi.waitFor(() => expect(fake.notify).toHaveLength(1))
    fake.notify[0]!(['org.freedesktop.DBus.Error.ServiceUnknown'])
    await vi.waitFor(() => expect(fallback.shown).toEqual([reminder]))
  })

  it('the connection lost while waiting: the plain path shows it', async () => {
    fake.notify.length = 0
    const { n, fallback } = notifier()
    n.show(reminder)
    await vi.waitFor(() => expect(fake.notify).toHaveLength(1))
    fake.connection.emit('end')
    await vi.waitFor(() => expect(fallback.shown).toEqual([reminder]))
  })
})
