/**
 * The inbox's unread count outside the tray, where core/inbox/unread-badge.ts says the system has a
 * place for it: `app.setBadgeCount` on macOS (the Dock icon) and Linux (launchers speaking the
 * LauncherEntry D-Bus API), `BrowserWindow.setOverlayIcon` on Windows (the taskbar button).
 * Electron is called only when the answer changes, not on every tray re-render.
 */
import { app, nativeImage, type BrowserWindow } from 'electron'
import type { UnreadBadge } from '../core/inbox/unread-badge'
import type { Clock } from '../core/clock'
import { overlayImageFile } from './app-files'

/** Long enough for Explorer to have made the taskbar button of a window just shown. */
const BUTTON_MADE_MS = 1000

export function unreadCount(window: BrowserWindow, clock: Clock): (badge: UnreadBadge) => void {
  // A new process has no badge and a new taskbar button no overlay: nothing to clear at start.
  let count = 0
  /** The latest overlay (null: none); undefined where the system has none (not Windows). */
  let overlay: UnreadBadge['overlay']
  let given = ''

  function giveOverlay(): void {
    if (overlay === undefined || window.isDestroyed()) return
    given = overlayKey(overlay)
    const image = overlay ? nativeImage.createFromPath(overlayImageFile(app.getAppPath(), overlay.mark)) : null
    window.setOverlayIcon(image, overlay?.description ?? '')
  }
  // The overlay belongs to the taskbar button, which a hidden window does not have (Onair's window
  // starts hidden and hides to the tray): the button it gets on showing again is given it anew.
  // `show` comes as the window is shown, before the system has made the button, which takes no
  // overlay until then (ITaskbarList3: wait for TaskbarButtonCreated, which Electron does not pass
  // on): given once more when the button is there.
  window.on('show', () => {
    giveOverlay()
    clock.setTimeout(giveOverlay, BUTTON_MADE_MS)
  })

  return (badge) => {
    if (badge.badgeCount !== undefined && badge.badgeCount !== count) app.setBadgeCount((count = badge.badgeCount))
    overlay = badge.overlay
    if (overlay !== undefined && overlayKey(overlay) !== given) giveOverlay()
  }
}

const overlayKey = (overlay: UnreadBadge['overlay']): string =>
  overlay ? `${overlay.mark} ${overlay.description}` : ''
