import type { Locale } from '../../../shared/locale'
import type { Settings } from '../../../shared/settings'
import type { Notifier } from '../notify'
import type { WebhookEvent } from '../wiki/webhooks'
import type { InboxService } from './inbox'
import { describeReplacedWebhookUrl, type WebhookSecret } from './webhook-secret'
import { startWebhookServer, type WebhookServer } from './webhook-server'

/**
 * The inbox's own switches: its poll (`inbox.cron`) and its webhook receiver (`inbox.webhook`)
 * follow the settings while the services run, and are off before `start` and after `stop`.
 */
export interface InboxSwitches {
  start(settings: Settings): Promise<void>
  /** A settings change; resolves once the receiver is where it says. */
  follow(settings: Settings): Promise<void>
  stop(): Promise<void>
  /** Resolves once the receiver is where the last change wanted it. */
  settled(): Promise<void>
}

/** How a schedule ticks: programs/cron.ts's wallClockCron in the app; tests fire ticks by hand. */
type Cron = (cron: string, tick: () => void) => { stop(): void }

export interface InboxSwitchOptions {
  inbox: InboxService
  cron: Cron
  /** Read when the receiver starts (the secret file, or one in memory for this run). */
  secret: () => WebhookSecret
  notifier: Notifier
  locale: () => Locale
  /** Also told about each accepted event (`onair run` prints them). */
  onEvent?: (event: WebhookEvent) => void
  /** Told besides the notification when the URL registered in the wiki stopped working. */
  onUrlReplaced?: (url: string) => void
  onError?: (error: unknown) => void
}

export function inboxSwitches(o: InboxSwitchOptions): InboxSwitches {
  const receiver = receiverSwitch(o)
  const poll = inboxPollSwitch(o.inbox, o.cron)
  let running = false
  const follow = (settings: Settings): Promise<void> => {
    poll(running ? settings.inbox.cron : '')
    return receiver.sync(running ? settings.inbox.webhook : RECEIVER_OFF)
  }
  return {
    start(settings) {
      running = true
      return follow(settings)
    },
    follow,
    stop() {
      running = false
      poll('')
      return receiver.sync(RECEIVER_OFF)
    },
    settled: () => receiver.settled()
  }
}

/**
 * The inbox's own poll following its setting: once at start, then on each tick, restarted when
 * the setting changes, '' stops it. Overlapping ticks are harmless: `refresh` coalesces them.
 */
export function inboxPollSwitch(inbox: InboxService, schedule: Cron): (cron: string) => void {
  let stop: (() => void) | undefined
  let current = ''
  return (cron) => {
    if (cron === current) return
    stop?.()
    stop = undefined
    current = cron
    if (!cron) return
    void inbox.refresh()
    const task = schedule(cron, () => void inbox.refresh())
    stop = () => task.stop()
  }
}

const RECEIVER_OFF = { enabled: false, port: 0 }

/**
 * The webhook receiver following its setting (`inbox.webhook`): started, moved to another port or
 * stopped as the settings change, one change after another, so a quick off-on-off never leaves two
 * servers on one secret. A busy port must not keep the rest of the app from running: it is
 * reported, and `inbox:webhookInfo` says enabled without a URL.
 */
function receiverSwitch(o: InboxSwitchOptions) {
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
      receiver = await startInboxReceiver(o, want.port)
    } catch (e) {
      o.onError?.(e)
    }
  }
  return {
    // A close that failed is reported, not left in the queue to stop every later change.
    sync: (want: { enabled: boolean; port: number }) =>
      (queue = queue.then(() => apply(want)).catch((e: unknown) => o.onError?.(e))),
    settled: () => queue
  }
}

/**
 * The receiver: the kept secret (webhook-secret.ts: the URL registered in the wiki keeps working
 * across restarts), the server, and the inbox it feeds.
 */
export async function startInboxReceiver(o: Omit<InboxSwitchOptions, 'cron'>, port: number): Promise<WebhookServer> {
  o.inbox.setWebhookInfo({ enabled: true })
  const kept = o.secret()
  const { secret, replaced } = await kept.get()
  const server = await startWebhookServer({
    port,
    secret,
    onEvent(event) {
      o.inbox.addWebhookEvent(event)
      o.onEvent?.(event)
    },
    onError: o.onError
  })
  o.inbox.setWebhookInfo({ enabled: true, url: server.url })
  if (replaced) {
    o.notifier.show({
      id: 'webhook-url-replaced',
      title: 'Onair',
      body: describeReplacedWebhookUrl(server.url)[o.locale()],
      target: { kind: 'inbox' }
    })
    o.onUrlReplaced?.(server.url)
    try {
      kept.announced()
    } catch (e) {
      // Not remembered as said: it is said again at the next start, which is better than never.
      o.onError?.(e)
    }
  }
  return {
    url: server.url,
    port: server.port,
    async close() {
      await server.close()
      o.inbox.setWebhookInfo({ enabled: false })
    }
  }
}
