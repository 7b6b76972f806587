import type { SnoozeChoice } from '../../shared/snooze-choice'
import { escapeControls } from './safe-text'

/** Which reminder a notification shows: enough to bring it back (reminders/snoozes.ts). */
export interface ReminderRef {
  key: string
  programId: number
  startedAt: string
  offsetMinutes: number
}

/**
 * How the core raises a native notification without knowing where it runs: the Electron shell
 * implements it with `Notification`, the headless daemon with `notify-send` and a line on stdout,
 * tests with an array. Text arrives already in the user's language.
 */
export interface NativeNotification {
  /** Stable id: the same id replaces rather than stacks where the platform allows. */
  id: string
  title: string
  body: string
  /** What a click should open; the shell maps it to a window or an external URL. */
  target?:
    | { kind: 'record'; programId: number }
    | { kind: 'schedule' }
    | { kind: 'inbox'; notificationId?: number }
    | { kind: 'url'; url: string }
  /** The reminder this notification shows: where the platform has buttons, "Snooze" brings it back. */
  reminder?: ReminderRef
  /** The snooze choices that applied when it was shown (snooze-choices.ts); absent: the default only. */
  snoozes?: SnoozeChoice[]
}

/** A button on a notification (a reminder's Watched and Snooze); `id` comes back when pressed. */
export interface NotificationButton {
  id: string
  text: string
}

export interface Notifier {
  show(n: NativeNotification): void
  /**
   * Takes the notification shown with this id off the screen, where the platform lets an app
   * (freedesktop CloseNotification; Electron's close() on macOS and Linux). Absent where it cannot:
   * notify-send, and a Windows toast in the Action Center.
   */
  withdraw?(id: string): void
}

/** Collects notifications in memory; used by tests and by the renderer harness. */
export function memoryNotifier(): Notifier & { shown: NativeNotification[]; withdrawn: string[] } {
  const shown: NativeNotification[] = []
  const withdrawn: string[] = []
  return { shown, withdrawn, show: (n) => void shown.push(n), withdraw: (id) => void withdrawn.push(id) }
}

/**
 * The same rule as the terminal's (safe-text.ts) for every title and body, whatever shows them:
 * a wiki title with a bidi override must not read differently in a notification either.
 */
export function controlSafeNotifier(inner: Notifier): Notifier {
  return {
    show: (n) => inner.show({ ...n, title: escapeControls(n.title), body: escapeControls(n.body) }),
    ...(inner.withdraw ? { withdraw: (id: string) => inner.withdraw?.(id) } : {})
  }
}
