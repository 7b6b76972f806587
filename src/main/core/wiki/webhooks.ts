import { z } from 'zod'
import { Community, DateTime, User, WebUrl } from './schemas'

/**
 * Events the wiki POSTs to a webhook receiver. The sender is unauthenticated (no signing is
 * documented), so every body is untrusted: sizes are bounded, known types must carry their object,
 * and any other object with a string `type` is kept as an `unknown` event because the list grows.
 */
export const MAX_WEBHOOK_BYTES = 1_000_000

const Text = z.string().max(100_000)
const Title = z.string().max(1_000)
const Id = z.number().int()
const Dates = { created_at: DateTime.optional().catch(undefined), updated_at: DateTime.optional().catch(undefined) }
const Author = { user: User.optional().catch(undefined), community: Community.optional().catch(undefined) }

// Only the id is needed to act on an event; everything else is shown, so it may be absent.
// An article and a page carry the same fields; an issue has a number as well.
const Post = z.object({ id: Id, title: Title.optional(), body: Text.optional(), url: WebUrl, ...Author, ...Dates })
const Issue = Post.extend({ number: z.number().int().optional() })
const IssueComment = z.object({
  id: Id,
  body: Text.optional(),
  url: WebUrl,
  issue: z.object({ id: Id, title: Title.optional() }).optional().catch(undefined),
  ...Author,
  ...Dates
})

export const KnownWebhookEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal(['article_created', 'article_deleted', 'article_updated']), article: Post }),
  z.object({ type: z.literal('issue_created'), issue: Issue }),
  z.object({ type: z.literal('issue_comment_created'), issue_comment: IssueComment }),
  z.object({ type: z.literal(['page_created', 'page_deleted', 'page_updated']), page: Post })
])
export type KnownWebhookEvent = z.infer<typeof KnownWebhookEvent>
export type WebhookEventType = KnownWebhookEvent['type']

export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  'article_created',
  'article_deleted',
  'article_updated',
  'issue_comment_created',
  'issue_created',
  'page_created',
  'page_deleted',
  'page_updated'
]

/** A type Onair does not know yet; `originalType` is what the wiki sent. */
export interface UnknownWebhookEvent {
  type: 'unknown'
  originalType: string
}
export type WebhookEvent = KnownWebhookEvent | UnknownWebhookEvent

export type WebhookRejectReason = 'not_json' | 'too_large' | 'not_object' | 'missing_type' | 'invalid_payload'
export type WebhookParseResult =
  { ok: true; event: WebhookEvent } | { ok: false; reason: WebhookRejectReason; detail?: string }

// Any wording is accepted for a future type, but no control characters (C0, DEL, C1) and no bidi
// overrides: it ends up in logs and the UI. (Printed text is escaped anyway: core/safe-text.ts.)
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const TYPE = /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]{1,100}$/

/** Never throws, whatever the input. */
export function parseWebhookEvent(json: unknown): WebhookParseResult {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, reason: 'not_object' }
  const type: unknown = (json as { type?: unknown }).type
  if (typeof type !== 'string' || !TYPE.test(type)) return { ok: false, reason: 'missing_type' }
  if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type))
    return { ok: true, event: { type: 'unknown', originalType: type } }
  const parsed = KnownWebhookEvent.safeParse(json)
  if (parsed.success) return { ok: true, event: parsed.data }
  const where = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
  return { ok: false, reason: 'invalid_payload', detail: where.join('; ') }
}

/** The raw request body as a receiver gets it. */
export function parseWebhookBody(text: string): WebhookParseResult {
  if (Buffer.byteLength(text) > MAX_WEBHOOK_BYTES) return { ok: false, reason: 'too_large' }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'not_json' }
  }
  return parseWebhookEvent(json)
}
