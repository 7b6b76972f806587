/**
 * The tray icon over the app's features: an image per state (signed out > error > offline > airing
 * soon > idle, decided by the pure `trayState`), with a dot while the inbox has unread entries (the
 * pure `unreadBadge`, which also says where else the count shows: the Dock, a launcher, the
 * window's taskbar button, unread-count.ts), the menu and tooltip from `tray-menu.ts` whose actions
 * open the window at a view, and a left click that toggles the window where the platform has one.
 * The icon, the countdowns and the inbox count follow the reminders, the account, the inbox, the
 * updates and the settings (and, for the countdowns, the clock).
 */
import type { BrowserWindow } from 'electron'
import { app, Menu, Tray, nativeImage } from 'electron'
import type { Locale } from '../../shared/locale'
import type { Account } from '../core/account/account'
import { every, type Clock, type TimerHandle } from '../core/clock'
import { unreadBadge, type TrayImage } from '../core/inbox/unread-badge'
import { menuBarTitle } from '../core/tray/menu-bar-title'
import type { TrayState } from '../core/tray/tray-state'
import type { AppServices } from '../core/services'
import type { UpdateService } from '../core/update/service'
import { offerActions } from '../core/update/view'
import { trayImageFile } from './app-files'
import type { AppLog } from './log'
import { trayMenu, trayTooltip, type TrayActions } from './tray-menu'
import { unreadCount } from './unread-count'
import type { WindowRoutes } from './window-routes'

/** How often the tray's countdowns are re-worded when nothing else changes. */
const TRAY_TICK_MS = 30_000

export interface AppTrayDeps {
  window: WindowRoutes
  services: Pick<AppServices, 'reminders' | 'inbox' | 'settings' | 'catchUp'>
  account: Pick<Account, 'onChange'>
  updates: UpdateService
  clock: Clock
  language: () => Locale
  /** The window whose taskbar button carries the unread count on Windows. */
  taskbarWindow: BrowserWindow
  log: AppLog
  quit: () => void
}

/** Returns `update` (the services started: show their state) and `destroy`. */
export function openAppTray(deps: AppTrayDeps) {
  const { window, services, account, updates, clock, log } = deps
  const { reminders, inbox } = services
  const actions: TrayActions = {
    open: () => window.navigate('schedule'),
    quit: deps.quit,
    refresh: () => void reminders.refresh(),
    openSettings: () => window.navigate('settings'),
    openInbox: () => window.navigate('inbox'),
    openCatchUp: () => window.navigate('catch-up'),
    openProgram: window.openProgram,
    update: (action) => void updates.act(action).catch((e: unknown) => log.write('warn', 'update', e))
  }
  const showUnreadCount = unreadCount(deps.taskbarWindow, clock)
  // The image (app-files.ts): nativeImage picks up its @2x sibling by name.
  const image = (name: TrayImage) => nativeImage.createFromPath(trayImageFile(app.getAppPath(), name, process.platform))
  const tray = new Tray(image('idle'))
  let shownImage: TrayImage = 'idle'
  let schedule: TrayState | null = null
  let unseen = 0
  let title = ''
  let shownMenu = ''
  let titleTimer: TimerHandle | null = null

  /** macOS only (other trays have no title): set when its text changes, on the pure function's time. */
  function renderTitle(): void {
    if (process.platform !== 'darwin' || tray.isDestroyed()) return
    if (titleTimer) clock.clearTimeout(titleTimer)
    titleTimer = null
    const now = clock.now()
    const countdown = schedule && services.settings.read().ui.menuBarCountdown ? schedule.nextPrograms : []
    const next = menuBarTitle(countdown, now, catchUpCount())
    if (next.text !== title) tray.setTitle((title = next.text))
    if (next.nextAt !== null) titleTimer = clock.setTimeout(renderTitle, next.nextAt - now)
  }

  /** Signed out, the saved list is nobody's to catch up on. */
  const catchUpCount = (): number => (schedule && schedule.icon !== 'signed-out' ? services.catchUp.count() : 0)

  function render(): void {
    // The app may be quitting (tray destroyed) while a poll it started still reports back.
    if (tray.isDestroyed()) return
    const view = {
      schedule,
      unseen,
      catchUp: catchUpCount(),
      locale: deps.language(),
      timeZone: services.settings.read().reminders.timeZone,
      now: clock.now(),
      updateOffer: offerActions(updates.state())
    }
    const badge = unreadBadge({
      icon: schedule?.icon ?? 'idle',
      unseen,
      enabled: services.settings.read().ui.unreadBadge,
      platform: process.platform,
      locale: view.locale
    })
    if (badge.trayImage !== shownImage) tray.setImage(image((shownImage = badge.trayImage)))
    showUnreadCount(badge)
    // Set only when it reads differently: a new menu replaces one the user may have open (on
    // Linux the StatusNotifierItem's whole menu), which the tray's tick would do every 30 s.
    const template = trayMenu(view, actions)
    const key = JSON.stringify(template)
    if (key !== shownMenu) tray.setContextMenu(Menu.buildFromTemplate(template))
    shownMenu = key
    tray.setToolTip(trayTooltip(view))
    renderTitle()
  }

  // macOS shows the context menu on a click and would ALSO fire `click` (opening the window under
  // the menu); there the menu is the whole interaction, as in every menu-bar app.
  if (process.platform !== 'darwin') tray.on('click', () => window.toggle())
  render()
  const setInboxCount = (n: number): void => {
    unseen = n
    render()
  }
  const update = (): void => {
    schedule = reminders.tray()
    render()
  }
  reminders.onChange(update)
  account.onChange(update)
  // What the inbox kept from the last run counts from the start, before its first poll.
  setInboxCount(inbox.unseenCount())
  inbox.onChange(setInboxCount)
  services.catchUp.onChange(render)
  updates.onChange(render)
  // A setting changed in the window or with `onair config` (the badge, the countdown) shows at once.
  services.settings.onChange(render)
  // Countdowns in the menu and the tooltip move on even when nothing else happens.
  const stopTicking = every(clock, TRAY_TICK_MS, update)
  return {
    update,
    destroy(): void {
      stopTicking()
      if (titleTimer) clock.clearTimeout(titleTimer)
      if (!tray.isDestroyed()) tray.destroy()
    }
  }
}
