/**
 * A reminder's notification wired the same way in the app and in `onair run`. The notifier is
 * made before the services (they show through it), so it takes these hooks at once; they act once
 * the face has bound the services, with the same call in both. A button pressed or a reminder
 * clicked before that is ignored: there is nothing yet to record it in.
 */
import type { NativeNotification, Notifier } from '../notify'
import { reminderAction, type ReminderActionDeps } from './reminder-actions'

export interface ReminderPresses {
  /** A reminder's button, by its NotificationButton id (reminder-actions.ts). */
  onAction(button: string, n: NativeNotification): void
  /** A notification clicked: a reminder's is kept as 'opened', which stops "don't let me miss it" repeating it. */
  onOpened(n: NativeNotification): void
  /** The services exist: presses from now on act on them, confirming through `notifier`. */
  bind(
    services: { reminders: ReminderActionDeps['reminders']; records: { outbox: ReminderActionDeps['outbox'] } },
    notifier: Notifier
  ): void
}

/** `face`: the face's language, its way to open a program and where its errors are written. */
export function reminderPresses(face: Pick<ReminderActionDeps, 'language' | 'openProgram' | 'log'>): ReminderPresses {
  let act: ((button: string, n: NativeNotification) => void) | undefined
  let reminders: ReminderActionDeps['reminders'] | undefined
  return {
    onAction: (button, n) => act?.(button, n),
    onOpened: (n) => {
      // A failed write is told by the reminder service's own onError.
      if (n.reminder) reminders?.actedOn(n.reminder, 'opened')
    },
    bind(services, notifier) {
      reminders = services.reminders
      act = reminderAction({ ...face, reminders, outbox: services.records.outbox, notifier })
    }
  }
}
