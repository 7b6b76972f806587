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

/**
 * When the overlay is given again after `show`: Explorer makes the taskbar button when it gets to
 * it (at once on an idle machine, seconds later on a busy one) and says so only through a message
 * Electron does not pass on.
 */
const BUTTON_CHECKS_MS = [1_000, 5_000, 15_000]

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
  // on): given again a few times while it comes, and at every `focus`, when the button is surely
  // there (the user may have pressed it), for an Explorer slower than all of those.
  window.on('show', () => {
    giveOverlay()
    for (const ms of BUTTON_CHECKS_MS) clock.setTimeout(giveOverlay, ms)
  })
  window.on('focus', giveOverlay)

  return (badge) => {
    if (badge.badgeCount !== undefined && badge.badgeCount !== count) app.setBadgeCount((count = badge.badgeCount))
    overlay = badge.overlay
    if (overlay !== undefined && overlayKey(overlay) !== given) giveOverlay()
  }
}

const overlayKey = (overlay: UnreadBadge['overlay']): string =>
  overlay ? `${overlay.mark} ${overlay.description}` : ''
