import { z } from 'zod'
import { LocalizedText } from './contract/common'
import { SEASON_PATTERN, STATUS_KINDS } from './status-kinds'

/**
 * The outbox as the renderer, the CLI and the file on disk see it (zod only, no Node). Field names
 * are the app's own (camelCase); the wire names of the service live in core/media.
 */
export { STATUS_KINDS }
export const StatusKind = z.enum(STATUS_KINDS)
export type StatusKind = z.infer<typeof StatusKind>

const Id = z.int().positive()
const LocalId = z.uuid()

/** 1 to 5 in half steps: the service silently stores anything else as null. */
export const Rating = z
  .number()
  .min(1)
  .max(5)
  .refine((r) => Number.isInteger(r * 2), { message: 'rating goes in steps of 0.5' })

/** What the UI shows for an entry; the service is never asked for it again. */
export const RecordDisplay = z.strictObject({
  workTitle: z.string().max(500).optional(),
  episodeTitle: z.string().max(500).optional(),
  episodeNumber: z.string().max(100).optional()
})
export type RecordDisplay = z.infer<typeof RecordDisplay>

/** Comment (max length unknown on the service; 10 000 keeps a file sane), rating, share toggles. */
export const RecordContent = z.strictObject({
  comment: z.string().max(10_000).default(''),
  rating: Rating.nullable().default(null),
  shareMicroblog: z.boolean().default(false),
  shareSocialnet: z.boolean().default(false)
})

export const NewRecord = RecordContent.extend({
  episodeId: Id,
  /** The schedule row it came from: lets a lost answer be reconciled (see core/records/reconcile.ts). */
  programId: Id.optional(),
  workId: Id.optional(),
  display: RecordDisplay.default({})
})
export type NewRecord = z.input<typeof NewRecord>

/**
 * `waiting`: in its undo window until `sendAt`. `queued`: due, waiting its turn or the network.
 * `failed`: `willRetry` says whether the outbox tries again by itself. `needs-confirmation`: a
 * record whose answer was lost and whose fate the service cannot tell (a rewatch, a broadcast
 * unknown: see core/records/reconcile.ts); the user decides.
 */
export const EntryState = z.enum(['waiting', 'queued', 'sending', 'sent', 'failed', 'needs-confirmation'])
export type EntryState = z.infer<typeof EntryState>

/**
 * What the outbox knew about the episode before sending: the yardstick of reconciliation, in the
 * file before the request leaves (core/records/reconcile.ts).
 */
export const Baseline = z.enum(['unwatched', 'watched', 'unknown'])

/** A process of one machine; `id` tells apart two users of the outbox inside one process. */
export const ProcessRef = z.strictObject({ host: z.string(), pid: z.int(), id: z.string() })
export type ProcessRef = z.infer<typeof ProcessRef>

/**
 * Who is sending an entry (`sending`), until when. No other process sends, resends or changes the
 * entry while the lease lives; the owner renews it during a long send, and a dead owner's lease
 * ends at `until` (at once when the owner is a process of this machine that no longer exists).
 */
export const Lease = z.strictObject({ owner: ProcessRef, until: z.number() })
export type Lease = z.infer<typeof Lease>

/**
 * What a record says as the outbox file keeps it (RecordContent's defaults applied), the same while
 * it waits as an entry and once it is a recent record.
 */
const recordAsStored = {
  display: RecordDisplay,
  comment: z.string(),
  rating: Rating.nullable(),
  shareMicroblog: z.boolean(),
  shareSocialnet: z.boolean()
}

const EntryBase = z.strictObject({
  id: LocalId,
  state: EntryState,
  createdAt: z.number(),
  /** Only for `waiting`. */
  sendAt: z.number().optional(),
  attempts: z.int().nonnegative().default(0),
  nextAttemptAt: z.number().optional(),
  willRetry: z.boolean().optional(),
  reason: LocalizedText.optional(),
  sentAt: z.number().optional(),
  lease: Lease.optional()
})

export const RecordEntry = EntryBase.extend({
  kind: z.literal('record'),
  episodeId: Id,
  programId: Id.optional(),
  workId: Id.optional(),
  ...recordAsStored,
  baseline: Baseline.optional(),
  /** The last attempt may have landed: reconcile before any further send. */
  unsure: z.boolean().optional(),
  /** The service's id once sent; null when reconciliation proved it landed but not under which id. */
  recordId: Id.nullable().optional(),
  /** Undo arrived while the request was in flight: delete it as soon as its id is known. */
  undoRequested: z.boolean().optional()
})

/** `target` is the local id of the record entry (its recent record holds the service's id). */
export const EditEntry = EntryBase.extend({
  kind: z.literal('edit'),
  target: LocalId,
  comment: z.string(),
  rating: Rating.optional(),
  shareMicroblog: z.boolean(),
  shareSocialnet: z.boolean()
})

export const DeleteEntry = EntryBase.extend({ kind: z.literal('delete'), target: LocalId })

export const StatusEntry = EntryBase.extend({
  kind: z.literal('status'),
  workId: Id,
  status: StatusKind,
  /** The kind before, for the UI's rollback; absent when the app never saw it. */
  previous: StatusKind.optional()
})

export const OutboxEntry = z.discriminatedUnion('kind', [RecordEntry, EditEntry, DeleteEntry, StatusEntry])
export type OutboxEntry = z.infer<typeof OutboxEntry>
export type RecordEntry = z.infer<typeof RecordEntry>
export type EditEntry = z.infer<typeof EditEntry>
export type DeleteEntry = z.infer<typeof DeleteEntry>
export type StatusEntry = z.infer<typeof StatusEntry>

/** A record the user made recently, kept so it can be edited (full comment) or deleted. */
export const RecentRecord = z.strictObject({
  /** The local id of its record entry. */
  id: LocalId,
  recordId: Id.nullable(),
  episodeId: Id,
  workId: Id.optional(),
  ...recordAsStored,
  createdAt: z.number()
})
export type RecentRecord = z.infer<typeof RecentRecord>

export const OutboxDoc = z.strictObject({
  version: z.literal(1),
  entries: z.array(OutboxEntry),
  recent: z.array(RecentRecord)
})
export type OutboxDoc = z.infer<typeof OutboxDoc>

export const Season = z.string().regex(SEASON_PATTERN, 'expected e.g. 2024-spring or 2024-all')

export const WorksQuery = z.strictObject({
  status: StatusKind.exclude(['no_select']).optional(),
  season: Season.optional(),
  title: z.string().min(1).max(200).optional(),
  sort: z.strictObject({ by: z.enum(['id', 'season', 'watchers']), order: z.enum(['asc', 'desc']) }).optional(),
  page: z.int().min(1).default(1),
  perPage: z.union([z.literal(25), z.literal(50)]).default(25)
})
export type WorksQuery = z.input<typeof WorksQuery>

export const WorkItem = z.strictObject({
  id: Id,
  title: z.string().optional(),
  media: z.string().optional(),
  season: z.string().optional(),
  seasonText: z.string().optional(),
  episodesCount: z.int().optional(),
  watchersCount: z.int().optional(),
  status: StatusKind.optional()
})
export type WorkItem = z.infer<typeof WorkItem>

export const WorksPage = z.strictObject({
  works: z.array(WorkItem),
  totalCount: z.int().nonnegative().nullable(),
  page: z.int().min(1),
  hasNext: z.boolean()
})
export type WorksPage = z.infer<typeof WorksPage>
