import { Notification } from 'electron'
import type { NativeNotification, Notifier } from '../core/notify'

export type NotificationTarget = NonNullable<NativeNotification['target']>

/**
 * Native notifications for the core's Notifier. Each shown notification is kept until it is
 * clicked, closed or replaced: on some platforms a Notification that is garbage-collected loses
 * its click handler. The same id replaces the previous one instead of stacking.
 */
export function electronNotifier(onClick: (target: NotificationTarget) => void): Notifier {
  const shown = new Map<string, Notification>()
  return {
    show(n) {
      if (!Notification.isSupported()) return
      shown.get(n.id)?.close()
      const notification = new Notification({ title: n.title, body: n.body })
      const forget = () => {
        if (shown.get(n.id) === notification) shown.delete(n.id)
      }
      notification.on('click', () => {
        forget()
        onClick(n.target ?? { kind: 'schedule' })
      })
      notification.on('close', forget)
      shown.set(n.id, notification)
      notification.show()
    }
  }
}
