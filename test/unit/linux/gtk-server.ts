import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { tempDir } from '../../support/temp-dir'
import { startSessionBus } from './notification-server'

/**
 * The GTK notification servers Debian ships, each as its users have it: GNOME's
 * notification-daemon 3.20 and xfce4-notifyd 0.7, on Xvfb with a private session bus and a home
 * of their own. What they draw is read the way a screen reader reads it (the accessibility tree,
 * AT-SPI through python3-pyatspi: each label's text as shown, each button's name and place on
 * screen), and buttons are clicked with xdotool at that place, as a person would. Debian: xvfb,
 * xdotool, python3-pyatspi, at-spi2-core, notification-daemon, xfce4-notifyd (.ci/run).
 */
export interface GtkServerKind {
  /** As the server names itself (GetServerInformation), for the tests' titles. */
  name: string
  /** The Debian package, for the reason a test skips. */
  pkg: string
  binary: string
  /** Its accessible application name. */
  app: string
}

export const NOTIFICATION_DAEMON: GtkServerKind = {
  name: 'notification-daemon 3.20',
  pkg: 'notification-daemon',
  binary: '/usr/lib/notification-daemon/notification-daemon',
  app: 'notification-daemon'
}
export const XFCE4_NOTIFYD: GtkServerKind = {
  name: 'xfce4-notifyd 0.7',
  pkg: 'xfce4-notifyd',
  binary: `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/xfce4/notifyd/xfce4-notifyd`,
  app: 'xfce4-notifyd'
}

/** A label or a button as drawn: its text and its place on screen. */
export interface Spot {
  name: string
  x: number
  y: number
  width: number
  height: number
}

/** One notification as drawn: its labels (the summary first) and its buttons. */
export interface OnScreen {
  labels: Spot[]
  buttons: Spot[]
}

export interface GtkServer {
  env: { DBUS_SESSION_BUS_ADDRESS: string }
  /** The notifications on screen now. */
  screen(): OnScreen[]
  /** The notification whose first label is `summary`, once it is drawn and in its place. */
  shown(summary: string): Promise<OnScreen>
  /** A left click at the middle of `what` (a button, a label), as a person clicks. */
  click(what: Spot): void
  close(): void
}

const PY = '/usr/bin/python3'
const has = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0

/** Why `kind` cannot be started here; undefined when it can. */
export function gtkServerMissing(kind: GtkServerKind): string | undefined {
  const absent = [
    ...(existsSync(kind.binary) ? [] : [kind.pkg]),
    ...(has('Xvfb') ? [] : ['Xvfb (xvfb)']),
    ...(has('xdotool') ? [] : ['xdotool']),
    ...(has('dbus-send') ? [] : ['dbus-send (dbus)']),
    ...(existsSync('/usr/libexec/at-spi-bus-launcher') ? [] : ['at-spi2-core']),
    ...(spawnSync(PY, ['-c', 'import pyatspi']).status === 0 ? [] : ['pyatspi (python3-pyatspi)'])
  ]
  return absent.length ? `not installed: ${absent.join(', ')}` : undefined
}

/**
 * Prints, as JSON, what the application named argv[1] shows: per top-level window on screen, its
 * labels and its buttons, each with its text and extents (screen coordinates), in tree order.
 */
const READ_SCREEN = `import json, sys, pyatspi
def extents(a):
    e = a.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return {'x': e.x, 'y': e.y, 'width': e.width, 'height': e.height}
def walk(a, labels, buttons):
    role = a.getRoleName()
    if role == 'label' and a.getState().contains(pyatspi.STATE_SHOWING):
        labels.append(dict(name=a.name, **extents(a)))
    if role == 'push button' and a.getState().contains(pyatspi.STATE_SHOWING):
        buttons.append(dict(name=a.name, **extents(a)))
    for c in a:
        walk(c, labels, buttons)
shown = []
for app in pyatspi.Registry.getDesktop(0):
    if app is None or app.name != sys.argv[1]:
        continue
    for window in app:
        if window.getState().contains(pyatspi.STATE_SHOWING):
            labels, buttons = [], []
            walk(window, labels, buttons)
            if labels:
                shown.append({'labels': labels, 'buttons': buttons})
print(json.dumps(shown))
`

/** xfce4-notifyd's settings: the usual time a notification stays, 1 s (Settings → Notifications). */
const XFCE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<channel name="xfce4-notifyd" version="1.0">
  <property name="expire-timeout" type="int" value="1"/>
</channel>
`

function firstLine(stream: NodeJS.ReadableStream, child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    createInterface({ input: stream }).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready`)))
  })
}

const until = async <T>(value: () => T | undefined, what: () => string, ms = 10_000): Promise<T> => {
  const deadline = Date.now() + ms
  for (;;) {
    const found = value()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(what())
    await new Promise((r) => setTimeout(r, 100))
  }
}

export async function startGtkServer(kind: GtkServerKind): Promise<GtkServer> {
  const home = tempDir('onair-gtk-server-')
  const config = join(home, 'config')
  mkdirSync(join(config, 'xfce4/xfconf/xfce-perchannel-xml'), { recursive: true })
  mkdirSync(join(home, 'run'), { mode: 0o700 })
  writeFileSync(join(config, 'xfce4/xfconf/xfce-perchannel-xml/xfce4-notifyd.xml'), XFCE_SETTINGS)
  // -displayfd: Xvfb picks a free display and writes its number, so parallel runs never collide.
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '800x600x24'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe']
  })
  let server: ChildProcess | undefined
  let close = () => void xvfb.kill()
  try {
    const display = `:${await firstLine(xvfb.stdio[3] as NodeJS.ReadableStream, xvfb, 'Xvfb')}`
    // What the bus starts on demand (the accessibility bus, xfconfd) lives in this home too.
    const own = {
      HOME: home,
      XDG_CONFIG_HOME: config,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_RUNTIME_DIR: join(home, 'run'),
      DISPLAY: display
    }
    const bus = await startSessionBus(home, own)
    const env = { PATH: process.env.PATH ?? '', ...own, ...bus.env }
    close = () => {
      server?.kill()
      bus.close()
      xvfb.kill()
    }
    server = spawn(kind.binary, [], { stdio: 'ignore', env })
    // Asked without starting anything: a call to the name itself would have the bus start another
    // server installed beside it (dunst's and xfce4-notifyd's D-Bus service files), which might
    // take the name first.
    const owner = () =>
      spawnSync(
        'dbus-send',
        [
          '--session',
          '--print-reply',
          '--dest=org.freedesktop.DBus',
          '/org/freedesktop/DBus',
          'org.freedesktop.DBus.GetConnectionUnixProcessID',
          'string:org.freedesktop.Notifications'
        ],
        { env, encoding: 'utf8' }
      ).stdout.match(/uint32 (\d+)/)?.[1]
    await until(
      () => owner(),
      () => `${kind.pkg} did not come up`
    )
    if (owner() !== String(server.pid)) throw new Error(`another notification server took the name before ${kind.pkg}`)
    /** Why the screen could not be read, last time it could not (for a failure's message). */
    let unread = ''
    const screen = (): OnScreen[] => {
      const read = spawnSync(PY, ['-c', READ_SCREEN, kind.app], { env, encoding: 'utf8', timeout: 10_000 })
      unread = read.status === 0 ? '' : `${read.stderr}`
      return read.status === 0 ? (JSON.parse(read.stdout) as OnScreen[]) : []
    }
    return {
      env: bus.env,
      screen,
      shown(summary) {
        // Read until two reads agree: a server may still be placing (or fading in) a new window.
        let last = ''
        return until(
          () => {
            const found = screen().find((n) => n.labels[0]?.name === summary)
            const same = found !== undefined && JSON.stringify(found) === last
            last = JSON.stringify(found)
            return same ? found : undefined
          },
          () => `${kind.pkg} shows no "${summary}" ${unread}`
        )
      },
      click(what) {
        const [x, y] = [what.x + Math.floor(what.width / 2), what.y + Math.floor(what.height / 2)]
        spawnSync('xdotool', ['mousemove', '--sync', String(x), String(y), 'click', '1'], { env })
      },
      close
    }
  } catch (e) {
    close()
    throw e
  }
}
