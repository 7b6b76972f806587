/**
 * `onair run`'s desktop notifications: on a Linux session with a notification server, Onair's own
 * D-Bus client (core/freedesktop-notifier.ts), whose reminders carry Watched and Snooze where the
 * server has actions; elsewhere `notify-send` (libnotify), where installed. Absent, or failing (no
 * session bus over ssh), it is silently skipped: the daemon's line on stdout (daemon-output.ts) is
 * the reminder that always gets out. spawn looks it up on the PATH of the `env` it is given, and
 * reports a missing one as an 'error' event, not a throw (Node's child_process docs).
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LocalizedText } from '../../shared/locale'
import { OPEN_IN_ONAIR, onairLink } from '../../shared/onair-link'
import { DESKTOP_ENTRY, freedesktopNotifier } from '../core/freedesktop-notifier'
import { bodyForServer } from '../core/notification-markup'
import { controlSafeNotifier, type NativeNotification, type Notifier } from '../core/notify'
import { reminderButtons } from '../core/reminders/reminder-actions'
import { reminderPresses } from '../core/reminders/reminder-presses'
import { childEnv } from '../core/secret-env'
import type { CommandContext } from './command'

const OPEN_IN_APP = (programId: number): LocalizedText => ({
  en: `That program is no longer in the schedule; open it in the app: ${onairLink('program', programId)}`,
  ja: `その番組はもう番組表にありません。アプリで開いてください: ${onairLink('program', programId)}`
})

const programOf = (n: NativeNotification): number | undefined =>
  n.target?.kind === 'record' ? n.target.programId : n.reminder?.programId

/** `onError`: where a press's failure is written (the daemon's output). */
export function daemonNotifier(ctx: CommandContext, onError: (e: unknown) => void) {
  // A reminder's buttons and click, bound to the services once they exist (as in the app).
  const presses = reminderPresses({
    language: () => ctx.locale,
    openProgram: (programId) => ctx.io.err(ctx.t(OPEN_IN_APP(programId))),
    log: { write: (_level, _message, detail) => onError(detail) }
  })
  const icon = shippedIcon()
  const notifications = freedesktopNotifier({
    env: ctx.io.env,
    appName: 'Onair',
    icon,
    buttons: (n) => reminderButtons(n, ctx.locale, process.platform),
    onAction: presses.onAction,
    // A program's notification opens it in the app, through its `onair://` link (no window here).
    clickable: (n) => programOf(n) !== undefined,
    onClick: (n) => {
      const programId = programOf(n)
      if (programId === undefined) return
      void import('./open-browser').then(({ onairLinkOpener }) =>
        onairLinkOpener(ctx.io.env)({ kind: 'program', id: programId })
      )
      presses.onOpened(n)
    },
    clock: ctx.clock,
    fallback: (capabilities) => notifySend(ctx.io.env, capabilities, icon),
    onPlain: (reason) => ctx.io.err(ctx.t(reason)),
    clickText: () => OPEN_IN_ONAIR[ctx.locale]
  })
  return { notifier: controlSafeNotifier(notifications), presses, close: () => notifications.close() }
}

/**
 * Onair's icon as shipped with the command line: `resources/icon.png` at the package's root (the
 * npm package's "files"; unpacked from app.asar in the app, electron-builder.yml `asarUnpack`).
 * Found by walking up from this module, which the bundler may put one or two folders below the
 * root (out/cli/commands/…, out/cli/chunks/…; src/main/cli/ when run from the sources).
 */
function shippedIcon(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url))
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
function notifySend(
  env: Record<string, string | undefined>,
  capabilities: () => ReadonlySet<string> | undefined,
  icon: string | undefined
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
