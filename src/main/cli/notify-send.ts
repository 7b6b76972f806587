import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DESKTOP_ENTRY } from '../core/freedesktop-notifier'
import { bodyForServer } from '../core/notification-markup'
import type { NativeNotification, Notifier } from '../core/notify'
import { childEnv } from '../core/secret-env'

/**
 * Desktop notifications for the headless daemon through `notify-send` (libnotify), where it is
 * installed. Absent, or failing (no session bus over ssh), it is silently skipped: the line on
 * stdout is the reminder that always gets out. spawn looks it up on the PATH of the `env` it is
 * given, and reports a missing one as an 'error' event, not a throw (Node's child_process docs).
 */
/**
 * Onair's icon as shipped with the command line: `resources/icon.png` at the package's root (the
 * npm package's "files"; unpacked from app.asar in the app, electron-builder.yml `asarUnpack`).
 * Found by walking up from this module, which the bundler may put one or two folders below the
 * root (out/cli/commands/…, out/cli/chunks/…; src/main/cli/ when run from the sources).
 */
export function shippedIcon(from: string = import.meta.url): string | undefined {
  let dir = dirname(fileURLToPath(from))
  for (let level = 0; level < 4; level++) {
    const icon = join(dir, 'resources', 'icon.png')
    if (existsSync(icon)) return icon
    dir = dirname(dir)
  }
  return undefined
}

/**
 * notify-send's arguments for one notification: Onair's name, icon and desktop entry, then `--`:
 * the title and body are the service's text (a work title such as `--icon=/etc/shadow` or
 * `--help`), which after it can only be text, never options.
 */
export function notifySendArgs(n: Pick<NativeNotification, 'title' | 'body'>, icon: string | undefined): string[] {
  return [
    '--app-name=Onair',
    ...(icon ? [`--icon=${icon}`] : []),
    `--hint=string:desktop-entry:${DESKTOP_ENTRY}`,
    '--',
    n.title,
    n.body
  ]
}

/** `capabilities`: what the session's server last said it reads (the D-Bus client asked it). */
export function notifySend(
  env: Record<string, string | undefined>,
  capabilities: () => ReadonlySet<string> | undefined,
  icon = shippedIcon()
): Notifier {
  // The body as the session's server reads it (markup escaped for a server that parses it).
  const body = (text: string) => bodyForServer(text, capabilities())
  return {
    show(n) {
      const args = notifySendArgs({ title: n.title, body: body(n.body) }, icon)
      try {
        const child = spawn('notify-send', args, { stdio: 'ignore', detached: true, env: childEnv(env) })
        child.on('error', () => undefined)
        child.unref()
      } catch {
        // A notification that cannot be shown must not stop the daemon.
      }
    }
  }
}
