/**
 * The tray icon: an image per state (signed out > error > offline > airing soon > idle, decided by
 * the pure `trayState`), with a dot while the inbox has unread entries (the pure `unreadBadge`,
 * which also says where else the count shows), the menu and tooltip from `tray-menu.ts`, and a left click that toggles
 * the window where the platform has one.
 */
import type { Locale } from '../../shared/locale'
import { app, Menu, Tray, nativeImage } from 'electron'
import type { Clock, TimerHandle } from '../core/clock'
import { unreadBadge, type TrayImage, type UnreadBadge } from '../core/inbox/unread-badge'
import { menuBarTitle } from '../core/schedule/menu-bar-title'
import type { TrayState } from '../core/schedule/tray-state'
import { trayImageFile } from './app-files'
import type { TrayView } from './tray-menu'
import { trayMenu, trayTooltip, type TrayActions } from './tray-menu'

export type { TrayActions } from './tray-menu'

export interface TrayOptions extends TrayActions {
  /** A left click on the icon (Windows, Linux): show the window, or hide it when in front. */
  toggle: () => void
  locale: () => Locale
  timeZone: () => string | undefined
  clock: Clock
  /** The update offer now; `refresh()` when it changes. */
  updateOffer?: () => TrayView['updateOffer']
  /** macOS: whether the menu bar shows the countdown to the next broadcast beside the icon. */
  menuBarCountdown?: () => boolean
  /** The `ui.unreadBadge` setting: whether the unread count shows on the icon (default on). */
  unreadBadge?: () => boolean
  /** Shows the count where the system has a place besides the tray (unread-count.ts). */
  showUnreadCount?: (badge: UnreadBadge) => void
}

export interface OnairTray {
  /** Call on every schedule change and once a minute, so countdowns stay true. */
  setSchedule(state: TrayState): void
  /** The core's `inbox:changed` count: the menu shows "Inbox (N)". */
  setInboxCount(unseen: number): void
  /** Re-words the menu and tooltip (the language or the update offer changed). */
  refresh(): void
  destroy(): void
}

/** The image (app-files.ts): nativeImage picks up its @2x sibling by name. */
export function trayImagePath(image: TrayImage, platform: NodeJS.Platform = process.platform): string {
  return trayImageFile(app.getAppPath(), image, platform)
}

export function createTray(options: TrayOptions): OnairTray {
  const image = (name: TrayImage) => nativeImage.createFromPath(trayImagePath(name))
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
    if (titleTimer) options.clock.clearTimeout(titleTimer)
    titleTimer = null
    const now = options.clock.now()
    const next =
      schedule && options.menuBarCountdown?.() ? menuBarTitle(schedule.nextPrograms, now) : { text: '', nextAt: null }
    if (next.text !== title) tray.setTitle((title = next.text))
    if (next.nextAt !== null) titleTimer = options.clock.setTimeout(renderTitle, next.nextAt - now)
  }

  function render(): void {
    // The app may be quitting (tray destroyed) while a poll it started still reports back.
    if (tray.isDestroyed()) return
    const view = {
      schedule,
      unseen,
      locale: options.locale(),
      timeZone: options.timeZone(),
      now: options.clock.now(),
      updateOffer: options.updateOffer?.() ?? []
    }
    const badge = unreadBadge({
      icon: schedule?.icon ?? 'idle',
      unseen,
      enabled: options.unreadBadge?.() ?? true,
      platform: process.platform,
      locale: view.locale
    })
    if (badge.trayImage !== shownImage) tray.setImage(image((shownImage = badge.trayImage)))
    options.showUnreadCount?.(badge)
    // Set only when it reads differently: a new menu replaces one the user may have open (on
    // Linux the StatusNotifierItem's whole menu), which the tray's tick would do every 30 s.
    const template = trayMenu(view, options)
    const key = JSON.stringify(template)
    if (key !== shownMenu) tray.setContextMenu(Menu.buildFromTemplate(template))
    shownMenu = key
    tray.setToolTip(trayTooltip(view))
    renderTitle()
  }

  // macOS shows the context menu on a click and would ALSO fire `click` (opening the window under
  // the menu); there the menu is the whole interaction, as in every menu-bar app.
  if (process.platform !== 'darwin') tray.on('click', () => options.toggle())
  render()
  return {
    setSchedule(state) {
      schedule = state
      render()
    },
    setInboxCount(n) {
      unseen = n
      render()
    },
    refresh: render,
    destroy: () => {
      if (titleTimer) options.clock.clearTimeout(titleTimer)
      if (!tray.isDestroyed()) tray.destroy()
    }
  }
}
