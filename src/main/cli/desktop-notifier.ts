/**
 * `onair run`'s desktop notifications: on a Linux session with a notification server, Onair's own
 * D-Bus client (core/freedesktop-notifier.ts), whose reminders carry Watched and Snooze where the
 * server has actions; elsewhere notify-send, where installed. The daemon's line on stdout is
 * printed either way (daemon-output.ts): it is the reminder that always gets out.
 */
import type { LocalizedText } from '../../shared/locale'
import { OPEN_IN_ONAIR, onairLink } from '../../shared/onair-link'
import { freedesktopNotifier } from '../core/freedesktop-notifier'
import { controlSafeNotifier, type Notifier } from '../core/notify'
import { reminderAction, reminderButtons } from '../core/schedule/reminder-actions'
import type { AppServices } from '../core/services'
import type { CommandContext } from './command'
import { notifySend, shippedIcon } from './notify-send'

const OPEN_IN_APP = (programId: number): LocalizedText => ({
  en: `That program is no longer in the schedule; open it in the app: ${onairLink('program', programId)}`,
  ja: `その番組はもう番組表にありません。アプリで開いてください: ${onairLink('program', programId)}`
})

export interface DaemonNotifier {
  notifier: Notifier
  /** Once the services exist: what a reminder's Watched and Snooze do (as in the app). */
  actOn(services: Pick<AppServices, 'reminders' | 'records'>, onError: (e: unknown) => void): void
  close(): Promise<void>
}

export function daemonNotifier(ctx: CommandContext): DaemonNotifier {
  let act: (button: string, n: Parameters<Notifier['show']>[0]) => void = () => {}
  const notifications = freedesktopNotifier({
    env: ctx.io.env,
    appName: 'Onair',
    icon: shippedIcon(),
    buttons: (n) => reminderButtons(n, ctx.locale),
    onAction: (button, n) => act(button, n),
    clock: ctx.clock,
    fallback: (capabilities) => notifySend(ctx.io.env, capabilities),
    onPlain: (reason) => ctx.io.err(ctx.t(reason)),
    linkText: () => OPEN_IN_ONAIR[ctx.locale]
  })
  const notifier = controlSafeNotifier(notifications)
  return {
    notifier,
    actOn(services, onError) {
      act = reminderAction({
        reminders: services.reminders,
        outbox: services.records.outbox,
        notifier,
        language: () => ctx.locale,
        openProgram: (programId) => ctx.io.err(ctx.t(OPEN_IN_APP(programId))),
        log: { write: (_level, _message, detail) => onError(detail) }
      })
    },
    close: () => notifications.close()
  }
}
