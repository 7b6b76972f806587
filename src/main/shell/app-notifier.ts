/**
 * The app's notifier: native notifications whose click, buttons and failures reach the window
 * (through its routes), in the user's language, never carrying control characters to the system.
 * macOS and Windows: Electron's Notification, which shows a reminder's buttons. Linux: Onair's own
 * D-Bus client of the notification server (core/freedesktop-notifier.ts: the buttons as actions
 * where the server has them, a reminder shown again replacing the first), with Electron's
 * libnotify path as the fallback where there is no session bus or server.
 */
import { app, nativeImage } from 'electron'
import type { Locale } from '../../shared/locale'
import { OPEN_IN_ONAIR } from '../../shared/onair-link'
import { freedesktopNotifier } from '../core/freedesktop-notifier'
import { linuxBodyFormatter } from '../core/notification-markup'
import { controlSafeNotifier, type Notifier } from '../core/notify'
import { reminderButtons } from '../core/schedule/reminder-actions'
import type { AppLog } from './log'
import { notificationFailedNotice } from './notices'
import { electronNotifier } from './notifications'
import { appIconPath } from './paths'
import type { WindowRoutes } from './window-routes'

export function appNotifier(
  window: WindowRoutes,
  language: () => Locale,
  log: AppLog,
  env: NodeJS.ProcessEnv
): Notifier {
  const buttons = (n: Parameters<Notifier['show']>[0]) => reminderButtons(n, language())
  const electron = electronNotifier({
    icon: nativeImage.createFromPath(appIconPath()),
    // Electron hands the body to libnotify as it is; a server that reads markup needs it escaped.
    ...(process.platform === 'linux' ? { bodyText: linuxBodyFormatter(env) } : {}),
    onClick: window.open,
    buttons,
    onAction: window.reminderAction,
    onFailed: notificationFailedNotice(log, (message) => window.notice('warning', message))
  })
  if (process.platform !== 'linux') return controlSafeNotifier(electron)
  const dbus = freedesktopNotifier({
    env,
    appName: 'Onair',
    icon: appIconPath(),
    buttons,
    onAction: window.reminderAction,
    onClick: (n) => window.open(n.target ?? { kind: 'schedule' }, n),
    fallback: electron,
    linkText: () => OPEN_IN_ONAIR[language()]
  })
  app.once('will-quit', () => void dbus.close())
  return controlSafeNotifier(dbus)
}
