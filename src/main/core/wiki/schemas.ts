import { z } from 'zod'

/**
 * Shapes of the wiki's responses. Liberal where the service varies or documents nothing (missing
 * sender/community, unknown notification types, extra fields), strict where the app acts on a
 * value: links must be http(s) before anything opens them.
 */

// Documented as ISO 8601 with a numeric offset; `Z`, milliseconds and `+0900` are accepted too.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)? ?(Z|[+-]\d{2}:?\d{2})$/
export const DateTime = z
  .string()
  .max(40)
  .regex(DATE_TIME, 'not an ISO 8601 date-time with an offset')
  .refine((s) => !Number.isNaN(dateTimeMs(s)), 'not a real date')

/** Milliseconds since the epoch of a value DateTime accepted. */
export function dateTimeMs(s: string): number {
  return Date.parse(s.replace(' ', 'T').replace(/ ?([+-]\d{2})(\d{2})$/, '$1:$2'))
}

function isWebUrl(s: string): boolean {
  try {
    const u = new URL(s)
    return u.protocol === 'https:' || u.protocol === 'http:'
  } catch {
    return false
  }
}

/** An http(s) URL, or undefined: a `javascript:` link or a broken avatar must not sink a whole list. */
export const WebUrl = z.string().max(2048).refine(isWebUrl, 'not an http(s) URL').optional().catch(undefined)

const Id = z.number().int()

export const Community = z.object({
  id: Id,
  name: z.string()
})
export type Community = z.infer<typeof Community>

export const User = z.object({
  id: Id,
  name: z.string(),
  image_url: WebUrl
})
export type User = z.infer<typeof User>

export const Tag = z.object({
  name: z.string()
})
export type Tag = z.infer<typeof Tag>

export const Article = z.object({
  id: Id,
  title: z.string(),
  body: z.string(),
  rendered_body: z.string().optional(),
  tags: z.array(Tag).default([]),
  community: Community.nullish().transform((v) => v ?? undefined),
  user: User,
  created_at: DateTime,
  updated_at: DateTime.optional()
})
export type Article = z.infer<typeof Article>

export const NOTIFICATION_TYPES = [
  'ArticleCommentMentionNotification',
  'ArticleCommentNotification',
  'ArticleCommentReactionNotification',
  'ArticleMentionNotification',
  'ArticleReactionNotification',
  'ArticleReferenceNotification',
  'IssueCommentMentionNotification',
  'IssueCommentNotification',
  'IssueCommentReactionNotification',
  'IssueMentionNotification',
  'IssueReactionNotification',
  'PageMentionNotification'
] as const
export type KnownNotificationType = (typeof NOTIFICATION_TYPES)[number]

export const Notification = z.object({
  id: Id,
  // New types appear over time: kept as sent, the UI shows them generically.
  type: z.string().min(1).max(200) as z.ZodType<KnownNotificationType | (string & {})>,
  // May contain HTML; kept raw, the UI renders it as text or sanitizes it.
  title: z.string(),
  url: WebUrl,
  community: Community.nullish().transform((v) => v ?? undefined),
  sender: User.nullish().transform((v) => v ?? undefined),
  created_at: DateTime
})
export type Notification = z.infer<typeof Notification>
export const NotificationList = z.array(Notification)
