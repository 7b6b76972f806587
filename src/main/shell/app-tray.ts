/**
 * The app's tray over its features: the menu's actions open the window at a view, and the icon,
 * the countdowns and the inbox count follow the reminders, the account, the inbox and the updates
 * (and, for the countdowns, the clock).
 */
import type { Locale } from '../../shared/locale'
import type { Account } from '../core/account/account'
import { every, type Clock } from '../core/clock'
import type { AppServices } from '../core/services'
import { offerActions } from '../core/update/view'
import type { AppLog } from './log'
import { createTray } from './tray'
import type { UpdateService } from '../core/update/service'
import type { WindowRoutes } from './window-routes'

/** How often the tray's countdowns are re-worded when nothing else changes. */
const TRAY_TICK_MS = 30_000

export interface AppTrayDeps {
  window: WindowRoutes
  services: Pick<AppServices, 'reminders' | 'inbox'>
  account: Pick<Account, 'onChange'>
  updates: UpdateService
  clock: Clock
  language: () => Locale
  timeZone: () => string | undefined
  /** The `ui.menuBarCountdown` setting (macOS). */
  menuBarCountdown: () => boolean
  log: AppLog
  quit: () => void
}

/** Returns `update` (the services started: show their state) and `destroy`. */
export function openAppTray(deps: AppTrayDeps) {
  const { window, services, account, updates, clock, language, timeZone, menuBarCountdown, log, quit } = deps
  const { reminders, inbox } = services
  const tray = createTray({
    open: () => window.navigate('schedule'),
    toggle: window.toggle,
    quit,
    refresh: () => void reminders.refresh(),
    openSettings: () => window.navigate('settings'),
    openInbox: () => window.navigate('inbox'),
    openProgram: window.openProgram,
    locale: language,
    timeZone,
    menuBarCountdown,
    clock,
    update: (action) => void updates.act(action).catch((e: unknown) => log.write('warn', 'update', e)),
    updateOffer: () => offerActions(updates.state())
  })
  const update = (): void => tray.setSchedule(reminders.tray())
  reminders.onChange(update)
  account.onChange(update)
  inbox.onChange((unseen) => tray.setInboxCount(unseen))
  updates.onChange(() => tray.refresh())
  // Countdowns in the menu and the tooltip move on even when nothing else happens.
  const stopTicking = every(clock, TRAY_TICK_MS, update)
  return {
    update,
    destroy(): void {
      stopTicking()
      tray.destroy()
    }
  }
}
