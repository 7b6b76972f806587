import { z } from 'zod'
import { STATUS_KINDS, StatusKind } from '../../../shared/records'

/**
 * Response schemas of the media-tracking service. They accept both the documented shapes and the
 * ones the live service sends (../shared/design/service-notes.md), and normalise the differences away, so code
 * above never sees a numeric episode number or a second token-info shape. They are strict only
 * where a wrong value would do harm: identifiers must be positive integers and a program's start
 * must be a real instant, because reminders are keyed and timed on them.
 *
 * Field names stay as on the wire (snake_case) so the service's documents can be read against
 * them; only the OAuth shapes, which differ between documents and service, are renamed.
 * Unknown fields are dropped. Descriptive fields are optional because `fields=` removes
 * everything not listed, leaving wrapper objects that may be `{}`.
 */

/** `filter_status` on the works list takes every kind but `no_select`. */
export const FILTER_STATUS_KINDS = STATUS_KINDS.filter((k) => k !== 'no_select')

const id = z.int().positive()
const count = z.int().nonnegative().optional()
/** Live text fields are sometimes null where the documents promise a string; both mean "none". */
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined)

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/

/**
 * Normalised to `toISOString()` form: the service sends `started_at` with milliseconds and
 * `created_at` sometimes without, and a reminder key built from the raw text would change when
 * the format does.
 */
export const dateTimeSchema = z
  .string()
  .regex(ISO_DATE_TIME, 'expected an ISO 8601 date-time')
  .transform((s, ctx) => {
    const ms = Date.parse(s)
    if (Number.isNaN(ms)) {
      ctx.issues.push({ code: 'custom', message: 'not a real date-time', input: s })
      return z.NEVER
    }
    return new Date(ms).toISOString()
  })

export const channelSchema = z.object({ id, name: text })
export type Channel = z.output<typeof channelSchema>

export const episodeSchema = z.object({
  id,
  /** Documents: numeric string or null; live service: a number such as 1.0 or 12.5. */
  number: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null ? null : String(v))),
  number_text: text,
  title: text
})
export type Episode = z.output<typeof episodeSchema>

export const workSchema = z.object({
  id,
  title: text,
  /** `tv` is documented; `ova`, `movie`, `web`, `other` are seen live. */
  media: z
    .string()
    .optional()
    .transform((v) => v?.toLowerCase()),
  /** The live service omits both season fields when it does not know the season. */
  season_name: text,
  season_name_text: text,
  episodes_count: count,
  watchers_count: count,
  /** Present on `/v1/me/works` when asked for; an unknown future kind reads as absent. */
  status: z.object({ kind: StatusKind.optional().catch(undefined) }).optional()
})
export type Work = z.output<typeof workSchema>

export const userSchema = z.object({
  id,
  username: text,
  name: text
})
export type User = z.output<typeof userSchema>

/** Embedded objects may be cut down to `{}` by `fields=`, ids included. */
const embeddedWork = workSchema.partial()
const embeddedEpisode = episodeSchema.partial()
const embeddedChannel = channelSchema.partial()
const embeddedUser = userSchema.partial()

export const recordSchema = z.object({
  id,
  comment: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  /** Out-of-range ratings are stored as null by the service, so null is an ordinary value. */
  rating: z
    .number()
    .nullish()
    .transform((v) => v ?? null),
  created_at: dateTimeSchema.optional(),
  user: embeddedUser.optional(),
  work: embeddedWork.optional(),
  episode: embeddedEpisode.nullish()
})
export type MediaRecord = z.output<typeof recordSchema>

export const programSchema = z.object({
  id,
  started_at: dateTimeSchema,
  is_rebroadcast: z.boolean().optional(),
  channel: embeddedChannel.optional(),
  work: embeddedWork.optional(),
  /** Null when the broadcast has no known episode. */
  episode: embeddedEpisode.nullish()
})
export type Program = z.output<typeof programSchema>

/** One page of a list endpoint, with the list moved under `items` whatever its wire key. */
export interface Page<T> {
  items: T[]
  totalCount: number | undefined
  /** undefined when the field was absent, null when the service said there is none. */
  nextPage: number | null | undefined
  prevPage: number | null | undefined
}

const pageNumber = z.int().nullish()

interface WireEnvelope {
  total_count?: number
  next_page?: number | null
  prev_page?: number | null
}

function envelope<T extends z.ZodType>(key: string, item: T) {
  return z
    .object({
      [key]: z.array(item),
      total_count: z.int().nonnegative().optional(),
      next_page: pageNumber,
      prev_page: pageNumber
    })
    .transform((raw): Page<z.output<T>> => {
      const b = raw as WireEnvelope & Record<string, unknown>
      return {
        items: b[key] as z.output<T>[],
        totalCount: b.total_count,
        nextPage: b.next_page,
        prevPage: b.prev_page
      }
    })
}

export const programsPageSchema = envelope('programs', programSchema)
export const worksPageSchema = envelope('works', workSchema)

/** `POST /oauth/token`. Anything but a bearer token would be sent wrongly, so it is refused. */
export const tokenResponseSchema = z
  .object({
    access_token: z.string().min(1),
    token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'token_type is not bearer'),
    scope: z.string().optional(),
    created_at: z.int().optional()
  })
  .transform((t) => ({
    accessToken: t.access_token,
    /** The documented default when the field is absent is `read`. */
    scopes: splitScopes(t.scope ?? 'read'),
    createdAt: t.created_at
  }))
export type TokenResponse = z.output<typeof tokenResponseSchema>

const scopeList = z.union([z.array(z.string()), z.string().transform(splitScopes)])
const lifetime = z.int().nonnegative().nullish()

/**
 * `GET /oauth/token/info`: documents say `scopes`/`expires_in_seconds`, live says `scope`/`expires_in`.
 * Doorkeeper sends `application.uid` null for a personal access token (it belongs to no application)
 * and `resource_owner_id` null for a client-credentials token (it belongs to no user); the session
 * refuses the latter with its own message.
 */
export const tokenInfoSchema = z
  .object({
    resource_owner_id: id.nullable(),
    scopes: scopeList.optional(),
    scope: scopeList.optional(),
    expires_in_seconds: lifetime,
    expires_in: lifetime,
    application: z.object({ uid: z.string().nullable() }).nullish(),
    created_at: z.int().optional()
  })
  .refine((t) => t.scopes !== undefined || t.scope !== undefined, 'no scopes in token info')
  .transform((t) => ({
    resourceOwnerId: t.resource_owner_id,
    scopes: (t.scopes ?? t.scope ?? []).filter((s) => s.length > 0),
    expiresInSeconds: t.expires_in_seconds ?? t.expires_in ?? null,
    applicationUid: t.application?.uid ?? null
  }))
export type TokenInfo = z.output<typeof tokenInfoSchema>

function splitScopes(s: string): string[] {
  return s.split(/\s+/).filter((x) => x.length > 0)
}
