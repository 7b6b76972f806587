import { spawn } from 'node:child_process'
import { childEnv } from './secret-env'

/**
 * Notification bodies on Linux, whichever way they are sent (`onair run` through notify-send, the
 * app through Electron's libnotify; issue 24 may move both onto D-Bus): the Desktop Notifications
 * spec lets a server read the body as markup (`<b>`, `<i>`, `<a>`, entities) when it advertises
 * the `body-markup` capability, and asks clients to escape `&`, `<` and `>` for such a server. A
 * work title "Fish & Chips <i>live</i>" would otherwise turn italic, or, with its bare `&`, be
 * malformed markup that some servers reject or show empty. The summary (title) is never markup.
 */
export function escapeBodyMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * The body to send to a server with these capabilities. Unknown capabilities (no answer yet, or
 * no way to ask) are taken as markup: GNOME, KDE, Xfce, dunst and mako all advertise it, and a
 * bare `&` sent to one of them costs the whole body, while entities sent to a rare plain-text
 * server only show as written.
 */
export function bodyForServer(body: string, capabilities: ReadonlySet<string> | undefined): string {
  return !capabilities || capabilities.has('body-markup') ? escapeBodyMarkup(body) : body
}

const ASK_TIMEOUT_MS = 2_000

/**
 * The session's notification server's capabilities (GetCapabilities), asked with `dbus-send`
 * (part of D-Bus itself, so present wherever notifications are); undefined when it cannot be asked.
 */
export function askServerCapabilities(env: Record<string, string | undefined>): Promise<Set<string> | undefined> {
  return new Promise((resolve) => {
    let out = ''
    try {
      const child = spawn(
        'dbus-send',
        [
          '--session',
          '--print-reply=literal',
          `--reply-timeout=${ASK_TIMEOUT_MS}`,
          '--dest=org.freedesktop.Notifications',
          '/org/freedesktop/Notifications',
          'org.freedesktop.Notifications.GetCapabilities'
        ],
        { stdio: ['ignore', 'pipe', 'ignore'], env: childEnv(env) }
      )
      child.stdout.on('data', (b: Buffer) => (out += b.toString()))
      child.on('error', () => resolve(undefined))
      child.on('close', (code) => resolve(code === 0 ? parseCapabilities(out) : undefined))
    } catch {
      resolve(undefined)
    }
  })
}

/** dbus-send's literal reply: `array [ body body-markup … ]`, spread over lines or not. */
export function parseCapabilities(reply: string): Set<string> {
  return new Set(reply.split(/\s+/).filter((word) => word !== '' && word !== 'array' && word !== '[' && word !== ']'))
}

/**
 * A body formatter for one process's Linux notifications: asks the server once, right after the
 * start's synchronous work, and until the answer comes (or when none does) formats as for a markup
 * server (see bodyForServer). Not at once: spawning dbus-send forks the process (tens of ms under
 * load), and a daemon's start first delivers the reminders that fell due while it was down
 * (issue 25.3), which could not have had the answer yet anyway.
 */
export function linuxBodyFormatter(
  env: Record<string, string | undefined>,
  ask: typeof askServerCapabilities = askServerCapabilities
): (body: string) => string {
  let capabilities: ReadonlySet<string> | undefined
  setImmediate(() => void ask(env).then((answer) => (capabilities = answer)))
  return (body) => bodyForServer(body, capabilities)
}
