import { z } from 'zod'
import { HttpUrl } from './contract/app'
import { LocalizedText } from './contract/common'

/**
 * The wiki inbox as the renderer, the CLI and the store see it (zod only, no Node). One entry is
 * either a notification the poller fetched or an event the webhook receiver got; both carry the
 * same fields so the view renders them alike. Titles are kept exactly as the wiki sent them (they
 * may hold HTML) and are only ever shown as text.
 */
/**
 * An image the main process fetched for the window (core/images): the page's CSP allows no remote
 * image, so this is the only form one reaches it in.
 */
export const ImageData = z.string().regex(/^data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=]*$/)

export const InboxPerson = z.strictObject({
  name: z.string().max(200),
  /** The avatar's address as the wiki sent it (https only); the window never loads it. */
  imageUrl: HttpUrl.refine((u) => u.startsWith('https:'), 'https only').optional(),
  /** Added by the core for the view: the avatar, if it is on the wiki's own host and was fetched. */
  avatar: ImageData.optional()
})

/** The family an entry belongs to, for its icon: what it is about and what happened. */
export const InboxTypeFamily = z.enum(['mention', 'comment', 'reaction', 'reference', 'change', 'other'])
export type InboxTypeFamily = z.infer<typeof InboxTypeFamily>

/** One entry as the view gets it; the store keeps it without `seen`, `label` and `family`. */
export const InboxItem = z.strictObject({
  /** `n:<notification id>` or `w:<random>`: unique across both sources, what `markSeen` takes. */
  key: z.string().regex(/^[nw]:[A-Za-z0-9]{1,40}$/),
  source: z.enum(['notification', 'webhook']),
  /** A notification type or a webhook event type, known or not (the lists grow). */
  type: z.string().min(1).max(200),
  /** What the type is called, the generic label for one Onair does not know. Added by the core. */
  label: LocalizedText,
  /** Added by the core from the type ('other' for one it does not know). */
  family: InboxTypeFamily,
  title: z.string().max(2000),
  url: HttpUrl.optional(),
  community: z.string().max(200).optional(),
  sender: InboxPerson.optional(),
  /** Milliseconds since the epoch. */
  createdAt: z.number().int(),
  /** Unread on the wiki (always true for a webhook event) and not seen here. */
  unread: z.boolean(),
  seen: z.boolean(),
  /** When the item links to an article: what `inbox:article` takes. */
  article: z.strictObject({ userName: z.string(), timestampId: z.string() }).optional()
})
export type InboxItem = z.infer<typeof InboxItem>

export const InboxView = z.strictObject({
  items: z.array(InboxItem),
  /** When the list was last fetched from the wiki; null before the first success. */
  fetchedAt: z.number().int().nullable(),
  /** The core's "now", so ages are computed against the same clock as `fetchedAt`. */
  now: z.number().int(),
  /** The last refresh could not reach the wiki: the list shown is the saved one. */
  offline: z.boolean(),
  /** Why the last refresh failed, if it did. */
  error: LocalizedText.optional(),
  unseenCount: z.number().int().nonnegative()
})
export type InboxView = z.infer<typeof InboxView>

const UserName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/)
const TimestampId = z.string().regex(/^\d{14}$/)
export const ArticleRefInput = z.strictObject({ userName: UserName, timestampId: TimestampId })

/** An article for the preview. `renderedBody` is untrusted HTML: the renderer sanitizes it. */
export const ArticlePreview = z.strictObject({
  title: z.string(),
  tags: z.array(z.string()),
  author: InboxPerson.omit({ imageUrl: true }),
  community: z.string().optional(),
  createdAt: z.number().int(),
  updatedAt: z.number().int().optional(),
  renderedBody: z.string().optional(),
  body: z.string()
})
export type ArticlePreview = z.infer<typeof ArticlePreview>

/** An article's images, as the sanitized preview lists them; `asked`: the user pressed Load images. */
export const ArticleImagesInput = z.strictObject({
  urls: z.array(HttpUrl.refine((u) => u.startsWith('https:'), 'https only')).max(100),
  asked: z.boolean()
})
/** Per URL, in order: the image, or null where it was not allowed or could not be fetched. */
export const ArticleImages = z.array(ImageData.nullable())

export const WebhookInfo = z.strictObject({
  enabled: z.boolean(),
  /** The full address to register in the community's settings, secret included. */
  url: z.string().optional()
})
export type WebhookInfo = z.infer<typeof WebhookInfo>
