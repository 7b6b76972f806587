/**
 * The tray icon: an image per state (signed out > error > offline > airing soon > idle, decided by
 * the pure `trayState`), the menu and tooltip from `tray-menu.ts`, and a left click that toggles
 * the window where the platform has one.
 */
import type { Locale } from '../../shared/locale'
import { app, Menu, Tray, nativeImage } from 'electron'
import type { Clock, TimerHandle } from '../core/clock'
import { menuBarTitle } from '../core/schedule/menu-bar-title'
import type { TrayIcon, TrayState } from '../core/schedule/tray-state'
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

/** The image for a state (app-files.ts): nativeImage picks up its @2x sibling by name. */
export function trayImagePath(icon: TrayIcon, platform: NodeJS.Platform = process.platform): string {
  return trayImageFile(app.getAppPath(), icon, platform)
}

export function createTray(options: TrayOptions): OnairTray {
  const image = (icon: TrayIcon) => nativeImage.createFromPath(trayImagePath(icon))
  const tray = new Tray(image('idle'))
  let shownIcon: TrayIcon = 'idle'
  let schedule: TrayState | null = null
  let unseen = 0
  let title = ''
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
    if (schedule && schedule.icon !== shownIcon) {
      shownIcon = schedule.icon
      tray.setImage(image(shownIcon))
    }
    tray.setContextMenu(Menu.buildFromTemplate(trayMenu(view, options)))
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
