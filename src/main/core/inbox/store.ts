import { z } from 'zod'
import { InboxItem } from '../../../shared/inbox'
import { folderDocument, type DocumentStore } from '../store/document'
import type { CorruptFileReport } from '../store/database'

/** Enough to outlive any list the wiki returns; older keys cannot come back as new. */
export const MAX_REMEMBERED = 2000
/** Webhook entries exist only here, so they are capped rather than replaced by each poll. */
export const MAX_WEBHOOK_ITEMS = 200

export const InboxDoc = z.object({
  version: z.literal(1).default(1),
  fetchedAt: z.number().int().nullable().default(null),
  items: z.array(InboxItem.omit({ seen: true, label: true, family: true })).default([]),
  seen: z.array(z.string()).default([]),
  notified: z.array(z.string()).default([])
})
export type InboxDoc = z.output<typeof InboxDoc>

export const emptyInbox = (): InboxDoc => InboxDoc.parse({})

/**
 * `inbox.json`: the last list (so it survives offline starts), the locally seen keys (the wiki has
 * no mark-as-read) and the keys already announced, so a restart never notifies twice.
 */
export function inboxFileStore(dataDir: string, onCorrupt?: (r: CorruptFileReport) => void): DocumentStore<InboxDoc> {
  return folderDocument({
    dataDir,
    name: 'inbox',
    schema: InboxDoc,
    defaults: emptyInbox,
    onCorrupt,
    lossNote: {
      en: 'The inbox is fetched again from the wiki; entries pushed by the webhook are in the copy.',
      ja: '受信箱は Wiki から取得し直します。Webhook で届いた項目は退避したファイルに残っています。'
    }
  })
}
