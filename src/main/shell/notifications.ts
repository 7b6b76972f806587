/**
 * Native notifications for the core's Notifier, with the platforms' traps handled:
 * - a Notification that is garbage-collected loses its handlers, so each one is kept (the most
 *   recent KEEP of them) until it is clicked or replaced: not dropped on `close`, because a toast
 *   that timed out into the Windows Action Center or a banner moved to the macOS Notification
 *   Center can still be clicked;
 * - Windows reports Action-Center clicks of toasts whose object is gone, and every button, through
 *   `Notification.handleActivation`, with the toast's tag in its arguments;
 * - macOS drops the notifications of an unsigned build with a `failed` event, which is reported.
 */
import { createHash } from 'node:crypto'
import { Notification, type NativeImage } from 'electron'
import type { NativeNotification, NotificationButton, Notifier } from '../core/notify'

export type NotificationTarget = NonNullable<NativeNotification['target']>

export interface NotificationHooks {
  /** `notification` is absent for a Windows Action Center click after the toast was let go. */
  onClick(target: NotificationTarget, notification?: NativeNotification): void
  /** The OS could not show it (macOS: an unsigned build; Windows: no Start-menu shortcut). */
  onFailed(error: string, notification: NativeNotification): void
  /** A button was pressed (only for notifications `buttons` gave some). */
  onAction?(button: string, notification: NativeNotification): void
  /** Buttons for this notification; macOS and Windows show them, Linux keeps click-to-open. */
  buttons?(notification: NativeNotification): NotificationButton[]
  icon?: NativeImage
  /** The body as this system's notification server reads it (Linux: notification-markup.ts). */
  bodyText?(body: string): string
}

/** Enough for every reminder of an evening; older ones are let go. */
const KEEP = 32

interface Shown {
  notification: Notification
  source: NativeNotification
  buttons: NotificationButton[]
}

/**
 * Windows limits a toast's tag to 64 characters and our ids can be long (a file path), so the OS
 * sees a short stable hash of the id.
 */
export const nativeId = (id: string): string => createHash('sha256').update(id).digest('hex').slice(0, 32)

export function electronNotifier(hooks: NotificationHooks): Notifier {
  const shown = new Map<string, Shown>()
  const windows = process.platform === 'win32'
  const buttonsShown = process.platform === 'darwin' || windows

  const forget = (tag: string, notification?: Notification): void => {
    if (!notification || shown.get(tag)?.notification === notification) shown.delete(tag)
  }
  const act = (entry: Shown | undefined, index: number | undefined): void => {
    const button = index === undefined ? undefined : entry?.buttons[index]
    if (!entry || !button) return
    forget(nativeId(entry.source.id))
    hooks.onAction?.(button.id, entry.source)
  }

  if (windows) {
    Notification.handleActivation((details) => {
      const tag = new URLSearchParams(details.arguments).get('tag') ?? ''
      const entry = shown.get(tag)
      if (details.type === 'action') return act(entry, details.actionIndex)
      // A live toast's click arrives on its object; this is the Action Center after it was let go.
      if (details.type === 'click' && !entry) hooks.onClick({ kind: 'schedule' })
    })
  }

  return {
    show(n) {
      if (!Notification.isSupported()) return
      const tag = nativeId(n.id)
      shown.get(tag)?.notification.close()
      const buttons = buttonsShown ? (hooks.buttons?.(n) ?? []) : []
      const notification = new Notification({
        id: tag,
        title: n.title,
        body: hooks.bodyText ? hooks.bodyText(n.body) : n.body,
        ...(hooks.icon ? { icon: hooks.icon } : {}),
        // A reminder with buttons waits for the user: on Windows a toast of the "reminder" scenario
        // stays on screen (Electron's windows_toast_notification.cc: timeout_type "never").
        ...(buttons.length > 0
          ? { actions: buttons.map(({ text }) => ({ type: 'button' as const, text })), timeoutType: 'never' as const }
          : {})
      })
      const entry: Shown = { notification, source: n, buttons }
      notification.on('click', () => {
        forget(tag, notification)
        hooks.onClick(n.target ?? { kind: 'schedule' }, n)
      })
      // Windows reports buttons through handleActivation (above), for live and released toasts alike.
      if (!windows) notification.on('action', (details) => act(entry, details.actionIndex))
      notification.on('failed', (_event, error) => {
        forget(tag, notification)
        hooks.onFailed(error, n)
      })
      shown.delete(tag)
      shown.set(tag, entry)
      for (const oldest of shown.keys()) {
        if (shown.size <= KEEP) break
        shown.delete(oldest)
      }
      notification.show()
    },
    /**
     * Recorded elsewhere: close() dismisses it (docs/api/notification.md `notification.close()`;
     * on Windows it "will try" to take the toast out of the Action Center too). Only a notification
     * this run still holds can be reached: one let go, or shown before a restart, stays.
     */
    withdraw(id) {
      const tag = nativeId(id)
      const entry = shown.get(tag)
      if (!entry) return
      shown.delete(tag)
      entry.notification.close()
    }
  }
}
