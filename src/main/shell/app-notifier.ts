/**
 * The app's notifier: native notifications whose clicks and failures reach the window (through its
 * routes) and whose reminders' buttons and clicks reach the services (`presses`), in the user's
 * language, never carrying control characters to the system.
 * macOS and Windows: Electron's Notification, which shows a reminder's buttons. Linux: Onair's own
 * D-Bus client of the notification server (core/freedesktop-notifier.ts: the buttons as actions
 * where the server has them, a reminder shown again replacing the first), with Electron's
 * libnotify path as the fallback where there is no session bus or server (logged, saying why).
 */
import { app, nativeImage } from 'electron'
import type { Locale } from '../../shared/locale'
import type { Clock } from '../core/clock'
import { OPEN_IN_ONAIR } from '../../shared/onair-link'
import { freedesktopNotifier } from '../core/freedesktop-notifier'
import { bodyForServer } from '../core/notification-markup'
import { controlSafeNotifier, type Notifier } from '../core/notify'
import { reminderButtons } from '../core/reminders/reminder-actions'
import type { ReminderPresses } from '../core/reminders/reminder-presses'
import type { AppLog } from './log'
import { signedByDeveloper } from './mac-signature'
import { notificationFailedNotice } from './notices'
import { electronNotifier } from './notifications'
import { appIconFile, appIconFileOnDisk } from './app-files'
import type { WindowRoutes } from './window-routes'

export function appNotifier(
  window: WindowRoutes,
  presses: ReminderPresses,
  language: () => Locale,
  log: AppLog,
  env: NodeJS.ProcessEnv,
  clock: Clock
): Notifier {
  const buttons = (n: Parameters<Notifier['show']>[0]) => reminderButtons(n, language(), process.platform)
  const electron = (bodyText?: (body: string) => string) =>
    electronNotifier({
      icon: nativeImage.createFromPath(appIconFile(app.getAppPath())),
      ...(bodyText ? { bodyText } : {}),
      onClick: (target, n) => {
        if (n) presses.onOpened(n)
        window.open(target)
      },
      buttons,
      onAction: presses.onAction,
      onFailed: notificationFailedNotice(
        log,
        (message) => window.notice('warning', message),
        () => process.platform === 'darwin' && app.isPackaged && signedByDeveloper()
      )
    })
  if (process.platform !== 'linux') return controlSafeNotifier(electron())
  const dbus = freedesktopNotifier({
    env,
    clock,
    appName: 'Onair',
    icon: appIconFileOnDisk(app.getAppPath()),
    buttons,
    onAction: presses.onAction,
    onClick: (n) => {
      presses.onOpened(n)
      window.open(n.target ?? { kind: 'schedule' })
    },
    // Electron hands the body to libnotify as it is; a server that reads markup needs it escaped,
    // as the D-Bus client learnt from the server (no second way of asking).
    fallback: (capabilities) => electron((body) => bodyForServer(body, capabilities())),
    onPlain: (reason) => log.write('warn', reason.en),
    clickText: () => OPEN_IN_ONAIR[language()]
  })
  // At the start of quitting, which start.ts holds while the services stop: the reminders still
  // waiting on screen are withdrawn then, while Node still runs (it is gone after `quit`).
  app.once('before-quit', () => void dbus.close())
  return controlSafeNotifier(dbus)
}
