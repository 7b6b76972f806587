import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import type { NativeNotification, Notifier } from '../core/notify'
import { childEnv } from '../core/secret-env'

/**
 * Desktop notifications for the headless daemon through `notify-send` (libnotify), where it is
 * installed. Absent, or failing (no session bus over ssh), it is silently skipped: the line on
 * stdout is the reminder that always gets out.
 */
export function findOnPath(name: string, env: Record<string, string | undefined>): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue
    const candidate = join(dir, name)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

/**
 * notify-send's arguments for one notification. The title and body are the service's text (a work
 * title such as `--icon=/etc/shadow` or `--help`): after `--` they can only be text, never options.
 */
export function notifySendArgs(n: Pick<NativeNotification, 'title' | 'body'>): string[] {
  return ['--app-name=Onair', '--', n.title, n.body]
}

export function notifySend(env: Record<string, string | undefined>): Notifier {
  const binary = findOnPath('notify-send', env)
  return {
    show(n) {
      if (!binary) return
      try {
        const child = spawn(binary, notifySendArgs(n), { stdio: 'ignore', detached: true, env: childEnv(env) })
        child.on('error', () => undefined)
        child.unref()
      } catch {
        // A notification that cannot be shown must not stop the daemon.
      }
    }
  }
}
