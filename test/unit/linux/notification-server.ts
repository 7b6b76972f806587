import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

/**
 * A real freedesktop notification server on a private D-Bus session: `dbus-daemon --session` and
 * python3-dbusmock's `notification_daemon` template, whose recorded calls are read back (Debian:
 * dbus, python3-dbusmock, libnotify-bin; `.ci/run` installs them). `missing()` says what is absent.
 */
export interface NotifyCall {
  appName: string
  icon: string
  summary: string
  body: string
  hints: Record<string, unknown>
}

export interface NotificationServer {
  /** The environment that reaches this server (and no other bus). */
  env: { DBUS_SESSION_BUS_ADDRESS: string }
  notifyCalls(): NotifyCall[]
  close(): void
}

/** Prints the mock's recorded calls as JSON (dbus-python's types are str/int/list/dict subclasses). */
const READ_CALLS = `
import dbus, json
mock = dbus.SessionBus().get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications')
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

/** `capabilities`: what the server advertises; dbusmock's default set (with body-markup) when absent. */
export async function startNotificationServer(capabilities?: string[]): Promise<NotificationServer> {
  const py = python()!
  // The bus's socket in a folder of its own, removed with it.
  const folder = mkdtempSync(join(tmpdir(), 'onair-bus-'))
  const bus = spawn(
    'dbus-daemon',
    ['--session', '--nofork', '--print-address=1', `--address=unix:path=${join(folder, 'bus')}`],
    { stdio: ['ignore', 'pipe', 'ignore'] }
  )
  const address = await firstLine(bus)
  const env = { DBUS_SESSION_BUS_ADDRESS: address }
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
  return {
    env,
    notifyCalls() {
      const calls = JSON.parse(read().stdout.toString()) as Array<[string, unknown[]]>
      return calls
        .filter(([method]) => method === 'Notify')
        .map(([, a]) => ({
          appName: a[0] as string,
          icon: a[2] as string,
          summary: a[3] as string,
          body: a[4] as string,
          hints: a[6] as Record<string, unknown>
        }))
    },
    close() {
      mock.kill()
      bus.kill()
      rmSync(folder, { recursive: true, force: true })
    }
  }
}
