import { z } from 'zod'
import { NewRecord, OutboxEntry, Rating, RecentRecord, StatusKind, WorksPage, WorksQuery } from '../records'
import { LocalizedText } from './common'

/**
 * Recording episodes, statuses and "my works". Every write goes through the outbox (main side,
 * core/records): commands answer at once with the outbox entry, and `outbox:changed` follows it
 * through waiting → sending → sent / failed / needs-confirmation.
 */
const LocalId = z.uuid()

export const OutboxView = z.strictObject({
  entries: z.array(OutboxEntry),
  recent: z.array(RecentRecord)
})
export type OutboxView = z.infer<typeof OutboxView>

export const StatusRollbackEvent = z.strictObject({
  workId: z.int().positive(),
  attempted: StatusKind,
  /** The kind to show again; absent when the app never knew it (the UI reloads the work). */
  previous: StatusKind.optional(),
  reason: LocalizedText
})

export const recordsCommands = {
  /** One click = `{ episodeId }`; the entry waits out the undo window before it is sent. */
  'record:create': { input: NewRecord, output: OutboxEntry },
  /** Before sending: removed, nothing sent. After: the record is deleted on the service. */
  'record:undo': {
    input: z.strictObject({ id: LocalId }),
    output: z.strictObject({ outcome: z.enum(['removed', 'delete-queued']) })
  },
  /** `id` of the record entry (or recent record). `comment`, when given, is the whole new comment; absent keeps the old one. */
  'record:edit': {
    input: z.strictObject({
      id: LocalId,
      comment: z.string().max(10_000).optional(),
      rating: Rating.optional(),
      shareMicroblog: z.boolean().optional(),
      shareSocialnet: z.boolean().optional()
    }),
    output: OutboxEntry
  },
  /** Deletes a recent record (the same as undo after sending). */
  'record:delete': {
    input: z.strictObject({ id: LocalId }),
    output: z.strictObject({ outcome: z.enum(['removed', 'delete-queued']) })
  },
  'outbox:list': { input: z.undefined(), output: OutboxView },
  /** A failed entry, or a `needs-confirmation` one the user says was not saved: send it again now. */
  'outbox:retry': { input: z.strictObject({ id: LocalId }), output: OutboxEntry },
  /** Drops an entry that is not being sent (a discarded status change rolls back). */
  'outbox:discard': { input: z.strictObject({ id: LocalId }), output: z.void() },
  /** Optimistic: `previous` is the kind to roll back to if `status:rollback` arrives. */
  'status:set': {
    input: z.strictObject({ workId: z.int().positive(), kind: StatusKind }),
    output: z.strictObject({ entry: OutboxEntry, previous: StatusKind.optional() })
  },
  'works:list': { input: WorksQuery, output: WorksPage }
} as const

export const recordsEvents = {
  /** Every change of the outbox, with all its entries. */
  'outbox:changed': z.strictObject({ entries: z.array(OutboxEntry) }),
  /** A status change failed for good or was discarded: show `previous` again, with the reason. */
  'status:rollback': StatusRollbackEvent
} as const
