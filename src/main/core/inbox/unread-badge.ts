import type { Locale } from '../../../shared/locale'
import type { TrayIcon } from '../tray/tray-state'

/**
 * Where the inbox's unread count shows besides the tray's menu and tooltip, per system,
 * as Electron allows it:
 * - The tray icon, everywhere (`Tray.setImage`): the state's image with a dot, a `-unread` variant
 *   drawn by scripts/tray-icons.ts. A number would not read at the tray's 16 px, beside the state's
 *   own badge; the number is one hover (tooltip) or click (menu) away.
 * - macOS and Linux, `app.setBadgeCount`: the number on the Dock icon (shown only when the user
 *   keeps Onair in the Dock) and on launchers that speak the LauncherEntry D-Bus API (Ubuntu's dock,
 *   KDE's task manager). Electron documents it for these two systems only.
 * - Windows, `BrowserWindow.setOverlayIcon`: a 16 px number over the window's taskbar button.
 * Nothing here is drawn: the shell loads the images named and calls Electron when the answer changes.
 */

/** The tray's image: the state's own, or its variant with the unread dot. */
export type TrayImage = TrayIcon | `${TrayIcon}-unread`

/** The taskbar overlays drawn (resources/tray/overlay-<mark>.png): more than nine say "9+". */
export const OVERLAY_MARKS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '9+'] as const
export type OverlayMark = (typeof OVERLAY_MARKS)[number]

export interface UnreadBadgeInput {
  /** The schedule's state (tray-state.ts). */
  icon: TrayIcon
  /** The inbox's unseen count, as the window's Inbox shows it. */
  unseen: number
  /** The `ui.unreadBadge` setting: off, every place shows the plain state and no count. */
  enabled: boolean
  platform: NodeJS.Platform
  locale: Locale
}

export interface UnreadBadge {
  trayImage: TrayImage
  /** `app.setBadgeCount` (0 hides it); absent where Electron has no such badge. */
  badgeCount?: number
  /** Windows' taskbar overlay (null clears it) and what a screen reader says of it; absent elsewhere. */
  overlay?: { mark: OverlayMark; description: string } | null
}

const DESCRIPTION: Record<Locale, (n: number) => string> = {
  en: (n) => `${n} unread in the inbox`,
  ja: (n) => `受信箱に未読 ${n} 件`
}

export function unreadBadge({ icon, unseen, enabled, platform, locale }: UnreadBadgeInput): UnreadBadge {
  // The count comes from a file another process may have written: anything odd counts as none.
  const count = enabled && Number.isFinite(unseen) && unseen >= 1 ? Math.floor(unseen) : 0
  const trayImage: TrayImage = count > 0 ? `${icon}-unread` : icon
  if (platform === 'win32') {
    const mark = OVERLAY_MARKS[Math.min(count, OVERLAY_MARKS.length) - 1]
    return { trayImage, overlay: mark ? { mark, description: DESCRIPTION[locale](count) } : null }
  }
  if (platform === 'darwin' || platform === 'linux') return { trayImage, badgeCount: count }
  return { trayImage }
}
