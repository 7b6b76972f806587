import type { WebhookEvent } from '../wiki/webhooks'
import type { InboxService } from './inbox'
import type { WebhookSecret } from './webhook-secret'
import { startWebhookServer, type WebhookServer } from './webhook-server'

/**
 * The receiver as the app and `onair run` use it: the kept secret (webhook-secret.ts: the URL
 * registered in the wiki keeps working across restarts), the server, and the inbox it feeds.
 */
export interface InboxReceiverOptions {
  inbox: InboxService
  secret: WebhookSecret
  port: number
  /** Also told about each accepted event (the CLI prints them). */
  onEvent?: (event: WebhookEvent) => void
  /** The secret had to be replaced: the URL registered in the wiki no longer works (see describeReplacedWebhookUrl). */
  onUrlReplaced?: (url: string) => void
  onError?: (err: unknown) => void
}

export async function startInboxReceiver(opts: InboxReceiverOptions): Promise<WebhookServer> {
  opts.inbox.setWebhookInfo({ enabled: true })
  const { secret, replaced } = opts.secret.get()
  const server = await startWebhookServer({
    port: opts.port,
    secret,
    onEvent(event) {
      opts.inbox.addWebhookEvent(event)
      opts.onEvent?.(event)
    },
    onError: opts.onError
  })
  opts.inbox.setWebhookInfo({ enabled: true, url: server.url })
  if (replaced) {
    opts.onUrlReplaced?.(server.url)
    try {
      opts.secret.announced()
    } catch (e) {
      // Not remembered as said: it is said again at the next start, which is better than never.
      opts.onError?.(e)
    }
  }
  return {
    url: server.url,
    port: server.port,
    async close() {
      await server.close()
      opts.inbox.setWebhookInfo({ enabled: false })
    }
  }
}
