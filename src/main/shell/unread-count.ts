/**
 * The inbox's unread count outside the tray, where core/inbox/unread-badge.ts says the system has a
 * place for it: `app.setBadgeCount` on macOS (the Dock icon) and Linux (launchers speaking the
 * LauncherEntry D-Bus API), `BrowserWindow.setOverlayIcon` on Windows (the taskbar button).
 * Electron is called only when the answer changes, not on every tray re-render.
 */
import { app, nativeImage, type BrowserWindow } from 'electron'
import type { UnreadBadge } from '../core/inbox/unread-badge'
import { overlayImageFile } from './app-files'

export function unreadCount(window: BrowserWindow): (badge: UnreadBadge) => void {
  let count: number | undefined
  let overlay: UnreadBadge['overlay']
  let overlayShown: string | undefined

  function showOverlay(): void {
    if (overlay === undefined || window.isDestroyed()) return
    overlayShown = overlay ? `${overlay.mark} ${overlay.description}` : ''
    const image = overlay ? nativeImage.createFromPath(overlayImageFile(app.getAppPath(), overlay.mark)) : null
    window.setOverlayIcon(image, overlay?.description ?? '')
  }
  // The overlay belongs to the taskbar button, which a hidden window does not have (Onair's window
  // starts hidden and hides to the tray): the button it gets on showing again is given it anew.
  window.on('show', showOverlay)

  return (badge) => {
    if (badge.badgeCount !== undefined && badge.badgeCount !== count) {
      count = badge.badgeCount
      app.setBadgeCount(count)
    }
    overlay = badge.overlay
    const key = overlay ? `${overlay.mark} ${overlay.description}` : overlay === null ? '' : undefined
    if (key !== overlayShown) showOverlay()
  }
}
