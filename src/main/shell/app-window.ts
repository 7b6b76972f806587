/**
 * The app's window over the core: a hardened session, the menu, the window itself (hidden when the
 * OS started the app at login and the settings say so), its IPC, and the routes that notifications,
 * shortcuts and the tray call attached to it, and the `onair://` links it follows (links.ts).
 */
import { dirname } from 'node:path'
import { session } from 'electron'
import type { Locale } from '../../shared/locale'
import type { Settings } from '../../shared/settings'
import type { Core } from '../core/app'
import type { Clock } from '../core/clock'
import type { Notifier } from '../core/notify'
import type { Account } from '../core/account/account'
import type { AppServices } from '../core/services'
import type { DocumentStore } from '../core/store/json-file'
import { setAppMenu } from './app-menu'
import { bindIpc } from './ipc'
import type { AppLog } from './log'
import { linkFollower, type Links } from './links'
import { launchedAtLogin } from './login-item'
import { reminderAction } from '../core/schedule/reminder-actions'
import { rendererHtmlPath } from './paths'
import { serveRenderer } from './renderer-protocol'
import { hardenSession } from './security'
import { createMainWindow, type MainWindow } from './window'
import type { WindowRoutes } from './window-routes'

export interface AppWindowParts {
  core: Core
  routes: WindowRoutes
  services: Pick<AppServices, 'reminders' | 'records'>
  settings: Pick<DocumentStore<Settings>, 'read'>
  notifier: Notifier
  language: () => Locale
  account: Pick<Account, 'services'>
  argv: readonly string[]
  links: Links
  log: AppLog
  clock: Clock
}

/** Returns the window and the function that unbinds its IPC. */
export function openAppWindow(parts: AppWindowParts): { main: MainWindow; unbindIpc: () => void } {
  const { core, routes, services, settings, notifier, language, account, argv, links, log, clock } = parts
  hardenSession(session.defaultSession)
  serveRenderer(dirname(rendererHtmlPath()))
  setAppMenu()
  const hidden = launchedAtLogin(argv) && settings.read().startup.hiddenAtLogin
  const main = createMainWindow({ showOnReady: !hidden, log, clock })
  const unbindIpc = bindIpc(core, main.window)
  routes.attach({
    window: main,
    events: core.events,
    openExternal: core.openExternal,
    reminderAction: reminderAction({
      reminders: services.reminders,
      outbox: services.records.outbox,
      notifier,
      language,
      openProgram: routes.openProgram,
      log
    }),
    // The reminder history notes the click; a failed write is logged by the service's onError.
    opened: (reminder) => services.reminders.actedOn(reminder, 'opened')
  })
  links.attach(
    linkFollower({
      show: routes.show,
      openProgram: routes.openProgram,
      showSchedule: (notice) => {
        routes.navigate('schedule')
        routes.notice('info', notice)
      },
      openWeb: (url) => core.openExternal(url),
      input: () => ({
        programs: services.reminders.schedule().programs,
        now: clock.now(),
        durationMinutes: settings.read().calendar.durationMinutes,
        mediaUrl: account.services().mediaUrl
      }),
      notifier,
      language,
      log
    })
  )
  return { main, unbindIpc }
}
