/**
 * The app's tray over its features: the menu's actions open the window at a view, and the icon,
 * the countdowns and the inbox count follow the reminders, the account, the inbox, the updates and
 * the settings (and, for the countdowns, the clock). The unread count also goes where the system
 * shows one (the Dock, a launcher, the window's taskbar button: unread-count.ts).
 */
import type { BrowserWindow } from 'electron'
import type { Locale } from '../../shared/locale'
import type { Account } from '../core/account/account'
import { every, type Clock } from '../core/clock'
import type { AppServices } from '../core/services'
import { offerActions } from '../core/update/view'
import type { AppLog } from './log'
import { createTray } from './tray'
import { unreadCount } from './unread-count'
import type { UpdateService } from '../core/update/service'
import type { WindowRoutes } from './window-routes'

/** How often the tray's countdowns are re-worded when nothing else changes. */
const TRAY_TICK_MS = 30_000

export interface AppTrayDeps {
  window: WindowRoutes
  services: Pick<AppServices, 'reminders' | 'inbox' | 'settings'>
  account: Pick<Account, 'onChange'>
  updates: UpdateService
  clock: Clock
  language: () => Locale
  timeZone: () => string | undefined
  /** The `ui.menuBarCountdown` setting (macOS). */
  menuBarCountdown: () => boolean
  /** The `ui.unreadBadge` setting. */
  unreadBadge: () => boolean
  /** The window whose taskbar button carries the unread count on Windows. */
  taskbarWindow: BrowserWindow
  log: AppLog
  quit: () => void
}

/** Returns `update` (the services started: show their state) and `destroy`. */
export function openAppTray(deps: AppTrayDeps) {
  const { window, services, account, updates, clock, language, timeZone, log, quit } = deps
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
    menuBarCountdown: deps.menuBarCountdown,
    unreadBadge: deps.unreadBadge,
    showUnreadCount: unreadCount(deps.taskbarWindow, clock),
    clock,
    update: (action) => void updates.act(action).catch((e: unknown) => log.write('warn', 'update', e)),
    updateOffer: () => offerActions(updates.state())
  })
  const update = (): void => tray.setSchedule(reminders.tray())
  reminders.onChange(update)
  account.onChange(update)
  // What the inbox kept from the last run counts from the start, before its first poll.
  tray.setInboxCount(inbox.unseenCount())
  inbox.onChange((unseen) => tray.setInboxCount(unseen))
  updates.onChange(() => tray.refresh())
  // A setting changed in the window or with `onair config` (the badge, the countdown) shows at once.
  services.settings.onChange(() => tray.refresh())
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
