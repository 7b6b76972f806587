import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import { jsonFileStore, memoryStore, type CorruptFileReport, type DocumentStore } from '../store/json-file'
import type { WebhookEvent } from '../wiki/webhooks'
import type { InboxService } from './inbox'
import { startWebhookServer, type WebhookServer } from './webhook-server'

/**
 * The receiver as the app and `onair run` use it: the persisted secret (so the URL registered in
 * the community's settings keeps working across restarts), the server, and the inbox it feeds.
 */
export const WEBHOOK_FILE = 'inbox-webhook.json'

const SecretDoc = z.object({
  secret: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,64}$/)
    .optional()
})
type SecretDoc = z.output<typeof SecretDoc>

export interface WebhookSecret {
  get(): string
  /** A new secret: the old URL stops working and must be replaced in the wiki. */
  regenerate(): string
}

export function webhookSecret(store: DocumentStore<SecretDoc>): WebhookSecret {
  const regenerate = () => {
    const secret = randomBytes(32).toString('base64url')
    store.write({ secret })
    return secret
  }
  return {
    get: () => store.read().secret ?? regenerate(),
    regenerate
  }
}

/**
 * A damaged file means a new secret, so the URL registered in the wiki stops working: that is
 * reported (`onCorrupt`, as for every store file), never done silently; the receiver then
 * announces the new URL to register.
 */
export function webhookSecretFile(dataDir: string, onCorrupt?: (r: CorruptFileReport) => void): WebhookSecret {
  return webhookSecret(
    jsonFileStore({
      path: join(dataDir, WEBHOOK_FILE),
      schema: SecretDoc,
      defaults: () => ({}),
      mode: 0o600,
      onCorrupt
    })
  )
}

export function memoryWebhookSecret(): WebhookSecret {
  return webhookSecret(memoryStore<SecretDoc>({}))
}

export interface InboxReceiverOptions {
  inbox: InboxService
  secret: WebhookSecret
  port: number
  /** Also told about each accepted event (the CLI prints them). */
  onEvent?: (event: WebhookEvent) => void
  onError?: (err: unknown) => void
}

export async function startInboxReceiver(opts: InboxReceiverOptions): Promise<WebhookServer> {
  opts.inbox.setWebhookInfo({ enabled: true })
  const server = await startWebhookServer({
    port: opts.port,
    secret: opts.secret.get(),
    onEvent(event) {
      opts.inbox.addWebhookEvent(event)
      opts.onEvent?.(event)
    },
    onError: opts.onError
  })
  opts.inbox.setWebhookInfo({ enabled: true, url: server.url })
  return {
    url: server.url,
    port: server.port,
    async close() {
      await server.close()
      opts.inbox.setWebhookInfo({ enabled: false })
    }
  }
}
