import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { tempDir } from '../../support/temp-dir'

/**
 * A real freedesktop notification server on a private D-Bus session: `dbus-daemon --session` and
 * python3-dbusmock's `notification_daemon` template, whose recorded calls are read back (Debian:
 * dbus, python3-dbusmock, libnotify-bin; `.ci/run` installs them). `missing()` says what is absent.
 */
export interface NotifyCall {
  /** The id the server answered (the template's rule: the replaced one, else the next). */
  id: number
  appName: string
  replacesId: number
  icon: string
  summary: string
  body: string
  /** Pairs of action key and label. */
  actions: string[]
  hints: Record<string, unknown>
  /** Milliseconds; -1 the server's default, 0 never. */
  expireTimeout: number
}

export interface NotificationServer {
  /** The environment that reaches this server (and no other bus). */
  env: { DBUS_SESSION_BUS_ADDRESS: string }
  notifyCalls(): NotifyCall[]
  /**
   * Waits until the server has had `count` Notify calls and their answers have reached the client:
   * reading the calls blocks this process (spawnSync), so without the wait a press sent next could
   * be read in the same chunk as the answer, before the client knows the id it pressed on.
   */
  waitForNotifyCalls(count: number): Promise<void>
  /**
   * The user pressing `keys` on notification `id`, one after another before any client call
   * reaches the server: `ActionInvoked` for each while it is on screen (an id this server never
   * gave stands for another program's notification and is reported too).
   */
  press(id: number, ...keys: string[]): void
  /** The ids of the notifications on screen: shown, and not closed since (by a call or a press). */
  onScreen(): number[]
  /** The first Notify call with this summary, once the server has had it. */
  callTitled(summary: string): Promise<NotifyCall>
  close(): void
}

const MOCK = `import dbus, json
mock = dbus.SessionBus().get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications')`
/** The interface of what tests ask the mock (presses, what is on screen), beside the spec's. */
const TEST_IFACE = 'org.onair.Test'
/**
 * `keep`: a server that leaves a notification on screen after an action, as the spec lets it
 * (the `resident` hint: "the server will not automatically remove the notification when an action
 * has been invoked") and as dunst does after an action chosen from its context menu (dunst 1.9,
 * src/menu.c invoke_action: signal_action_invoked only). Otherwise the spec's default: removed,
 * NotificationClosed with reason 2, "dismissed by the user". The methods' code runs inside the
 * mock: `self` is it, `args` the call's arguments.
 */
const extend = (keep: boolean) => `${MOCK}
M = 'org.freedesktop.DBus.Mock'
# The template's Notify (the replaced id, else the next), noting what is on screen. dunst too keeps
# a replaced id that is gone (src/queues.c queues_notification_insert: "assign it anyway").
mock.AddMethod('', 'Notify', 'susssasa{sv}i', 'u', '''
ret = args[1] or self.next_id
self.next_id += 0 if args[1] else 1
self.shown = getattr(self, 'shown', set()) | {ret}''', dbus_interface=M)
# The spec's signature (the template's is 'i') and reason 3, "closed by a call to CloseNotification".
mock.AddMethod('', 'CloseNotification', 'u', '', '''
if args[0] in getattr(self, 'shown', set()):
    self.shown = self.shown - {args[0]}
    self.EmitSignal('', 'NotificationClosed', 'uu', [args[0], 3])''', dbus_interface=M)
mock.AddMethod('${TEST_IFACE}', 'Press', 'uas', '', '''
for key in args[1]:
    if args[0] < self.next_id and args[0] not in getattr(self, 'shown', set()):
        break
    self.EmitSignal('', 'ActionInvoked', 'us', [args[0], key])
    if not ${keep ? 'True' : 'False'}:
        self.shown = getattr(self, 'shown', set()) - {args[0]}
        self.EmitSignal('', 'NotificationClosed', 'uu', [args[0], 2])''', dbus_interface=M)
mock.AddMethod('${TEST_IFACE}', 'OnScreen', '', 'au', 'ret = sorted(getattr(self, "shown", set()))', dbus_interface=M)
`
/** Prints the mock's recorded calls as JSON (dbus-python's types are str/int/list/dict subclasses). */
const READ_CALLS = `${MOCK}
print(json.dumps([[str(c[1]), list(c[2])] for c in mock.GetCalls(dbus_interface='org.freedesktop.DBus.Mock')]))
`

function python(): string | undefined {
  // Debian's own python3 first: a python3 of pyenv or a venv earlier on PATH lacks Debian's modules.
  return ['/usr/bin/python3', 'python3'].find(
    (candidate) => spawnSync(candidate, ['-c', 'import dbusmock, dbus']).status === 0
  )
}

const has = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0

/** Why no server can be started here; undefined when one can. */
export function missing(): string | undefined {
  const absent = [
    ...(has('dbus-daemon') ? [] : ['dbus-daemon (dbus)']),
    ...(has('notify-send') ? [] : ['notify-send (libnotify-bin)']),
    ...(python() ? [] : ['python3 with dbusmock (python3-dbusmock)'])
  ]
  return absent.length ? `not installed: ${absent.join(', ')}` : undefined
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`exited (${code}) before printing its address`)))
  })
}

/** A private session bus, with no notification server on it yet. */
export interface SessionBus {
  env: { DBUS_SESSION_BUS_ADDRESS: string }
  close(): void
}

/**
 * `folder`: where the bus's socket goes; by default a folder of its own, removed when the test
 * file ends (a bench, which no test file ends, passes a scratchDir() it removes itself).
 * `env`: what the services the bus starts on demand see beside the test's environment (a home).
 */
export async function startSessionBus(
  folder = tempDir('onair-bus-'),
  env: Record<string, string> = {}
): Promise<SessionBus> {
  const bus = spawn(
    'dbus-daemon',
    ['--session', '--nofork', '--print-address=1', `--address=unix:path=${join(folder, 'bus')}`],
    { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, ...env } }
  )
  const address = await firstLine(bus)
  return { env: { DBUS_SESSION_BUS_ADDRESS: address }, close: () => void bus.kill() }
}

/**
 * `capabilities`: what the server advertises; dbusmock's default set (with body-markup) when absent.
 * `bus`: an already running bus to start it on (a server that comes after its clients); closing
 * the server closes the bus too.
 */
export async function startNotificationServer(
  capabilities?: string[],
  bus?: SessionBus,
  keep = false
): Promise<NotificationServer> {
  const py = python()!
  const session = bus ?? (await startSessionBus())
  const env = session.env
  const parameters = capabilities ? ['-p', JSON.stringify({ capabilities: capabilities.join(' ') })] : []
  const mock = spawn(py, ['-m', 'dbusmock', '--session', '-t', 'notification_daemon', ...parameters], {
    stdio: 'ignore',
    env: { PATH: process.env.PATH ?? '', ...env }
  })
  const read = () => spawnSync(py, ['-c', READ_CALLS], { env: { PATH: process.env.PATH ?? '', ...env } })
  // The template needs a moment to claim its name on the bus.
  const deadline = Date.now() + 10_000
  while (read().status !== 0) {
    if (Date.now() > deadline) throw new Error('the notification server did not come up')
    await new Promise((r) => setTimeout(r, 50))
  }
  const run = (script: string) => {
    const done = spawnSync(py, ['-c', script], { env: { PATH: process.env.PATH ?? '', ...env } })
    if (done.status !== 0) throw new Error(done.stderr.toString())
    return done.stdout.toString()
  }
  run(extend(keep))
  const server: NotificationServer = {
    env,
    notifyCalls() {
      const calls = JSON.parse(read().stdout.toString()) as Array<[string, unknown[]]>
      let last = 0
      return calls
        .filter(([method]) => method === 'Notify')
        .map(([, a]) => ({
          id: (a[1] as number) || ++last,
          appName: a[0] as string,
          replacesId: a[1] as number,
          icon: a[2] as string,
          summary: a[3] as string,
          body: a[4] as string,
          actions: a[5] as string[],
          hints: a[6] as Record<string, unknown>,
          expireTimeout: a[7] as number
        }))
    },
    async waitForNotifyCalls(count) {
      const deadline = Date.now() + 10_000
      while (server.notifyCalls().length < count) {
        if (Date.now() > deadline) throw new Error(`fewer than ${count} Notify calls`)
        await new Promise((r) => setTimeout(r, 20))
      }
      await new Promise((r) => setTimeout(r, 50))
    },
    async callTitled(summary) {
      const deadline = Date.now() + 10_000
      for (;;) {
        const call = server.notifyCalls().find((c) => c.summary === summary)
        if (call) return call
        if (Date.now() > deadline) throw new Error(`no notification titled ${summary}`)
        await new Promise((r) => setTimeout(r, 20))
      }
    },
    press(id, ...keys) {
      run(
        `${MOCK}\nmock.Press(dbus.UInt32(${id}), ${JSON.stringify(keys)}, signature='uas', dbus_interface='${TEST_IFACE}')`
      )
    },
    onScreen() {
      return JSON.parse(
        run(`${MOCK}\nprint(json.dumps([int(i) for i in mock.OnScreen(dbus_interface='${TEST_IFACE}')]))`)
      )
    },
    close() {
      mock.kill()
      session.close()
    }
  }
  return server
}
