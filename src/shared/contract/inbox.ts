import { z } from 'zod'
import { ArticleImages, ArticleImagesInput, ArticlePreview, ArticleRefInput, InboxView, WebhookInfo } from '../inbox'

const ListInput = z.strictObject({ unreadOnly: z.boolean().default(false) }).default({ unreadOnly: false })
const Count = z.strictObject({ unseenCount: z.number().int().nonnegative() })

export const inboxCommands = {
  'inbox:list': { input: ListInput, output: InboxView },
  /** Fetches from the wiki now, then answers like `inbox:list`; a failure is in `error`, not thrown. */
  'inbox:refresh': { input: ListInput, output: InboxView },
  'inbox:markSeen': { input: z.strictObject({ keys: z.array(z.string().max(64)).max(2000) }), output: Count },
  'inbox:markAllSeen': { input: z.undefined(), output: Count },
  'inbox:article': { input: ArticleRefInput, output: ArticlePreview },
  /** Fetched by the main process, never the page: the wiki's own host, or any once asked. */
  'inbox:images': { input: ArticleImagesInput, output: ArticleImages },
  'inbox:webhookInfo': { input: z.undefined(), output: WebhookInfo }
} as const

export const inboxEvents = {
  /** The list or the seen set changed: the view reloads, the tray updates its count. */
  'inbox:changed': Count
} as const
