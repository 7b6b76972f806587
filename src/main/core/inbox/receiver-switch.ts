import type { Locale } from '../../../shared/locale'
import type { Notifier } from '../notify'
import type { WebhookEvent } from '../wiki/webhooks'
import type { InboxService } from './inbox'
import { startInboxReceiver } from './receiver'
import { describeReplacedWebhookUrl, type WebhookSecret } from './webhook-secret'
import type { WebhookServer } from './webhook-server'

/**
 * The webhook receiver following its setting (`inbox.webhook`): started, moved to another port or
 * stopped as the settings change, one change after another, so a quick off-on-off never leaves two
 * servers on one secret. A busy port must not keep the rest of the app from running: it is
 * reported, and `inbox:webhookInfo` says enabled without a URL.
 */
export interface ReceiverSwitchOptions {
  inbox: InboxService
  /** Read when the receiver starts (the secret file, or one in memory for this run). */
  secret: () => WebhookSecret
  notifier: Notifier
  locale: () => Locale
  onEvent?: (event: WebhookEvent) => void
  /** Told besides the notification when the URL registered in the wiki stopped working. */
  onUrlReplaced?: (url: string) => void
  onError?: (error: unknown) => void
}

export interface ReceiverSwitch {
  /** Makes the receiver what `want` says; resolves once it is. */
  sync(want: { enabled: boolean; port: number }): Promise<void>
  /** Resolves once the receiver is where the last `sync` wanted it. */
  settled(): Promise<void>
}

export const RECEIVER_OFF = { enabled: false, port: 0 }

export function receiverSwitch(o: ReceiverSwitchOptions): ReceiverSwitch {
  let receiver: WebhookServer | undefined
  // What the receiver was last asked to be: a write that leaves it alone (or a start that failed on
  // a busy port) does not restart it, only a change of the setting does.
  let wanted = RECEIVER_OFF
  let queue: Promise<void> = Promise.resolve()

  const apply = async (want: { enabled: boolean; port: number }): Promise<void> => {
    if (want.enabled === wanted.enabled && want.port === wanted.port) return
    wanted = { ...want }
    await receiver?.close()
    receiver = undefined
    if (!want.enabled) return
    try {
      receiver = await startInboxReceiver({
        inbox: o.inbox,
        secret: o.secret(),
        port: want.port,
        onEvent: o.onEvent,
        onUrlReplaced(url) {
          o.notifier.show({
            id: 'webhook-url-replaced',
            title: 'Onair',
            body: describeReplacedWebhookUrl(url)[o.locale()],
            target: { kind: 'inbox' }
          })
          o.onUrlReplaced?.(url)
        },
        onError: o.onError
      })
    } catch (e) {
      o.onError?.(e)
    }
  }
  return {
    // A close that failed is reported, not left in the queue to stop every later change.
    sync: (want) => (queue = queue.then(() => apply(want)).catch((e: unknown) => o.onError?.(e))),
    settled: () => queue
  }
}
