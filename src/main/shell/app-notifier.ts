/**
 * The app's notifier: native notifications whose click, buttons and failures reach the window
 * (through its routes), in the user's language, never carrying control characters to the system.
 */
import { nativeImage } from 'electron'
import type { Locale } from '../../shared/locale'
import { linuxBodyFormatter } from '../core/notification-markup'
import { controlSafeNotifier, type Notifier } from '../core/notify'
import type { AppLog } from './log'
import { notificationFailedNotice } from './notices'
import { electronNotifier } from './notifications'
import { appIconPath } from './paths'
import { reminderButtons } from './reminder-actions'
import type { WindowRoutes } from './window-routes'

export function appNotifier(
  window: WindowRoutes,
  language: () => Locale,
  log: AppLog,
  env: NodeJS.ProcessEnv
): Notifier {
  return controlSafeNotifier(
    electronNotifier({
      icon: nativeImage.createFromPath(appIconPath()),
      // Electron hands the body to libnotify as it is; a server that reads markup needs it escaped.
      ...(process.platform === 'linux' ? { bodyText: linuxBodyFormatter(env) } : {}),
      onClick: window.open,
      // macOS and Windows show a reminder's buttons; Linux keeps the click that opens the quick record.
      buttons: (n) => reminderButtons(n, language()),
      onAction: window.reminderAction,
      onFailed: notificationFailedNotice(log, (message) => window.notice('warning', message))
    })
  )
}
