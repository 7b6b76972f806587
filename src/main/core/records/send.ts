import type { DeleteEntry, EditEntry, OutboxEntry, RecentRecord, RecordEntry } from '../../../shared/records'
import { ApiError } from '../http/errors'
import type { MediaClient } from '../media/client'
import { NEEDS_CONFIRMATION, outcomeOf, RECORD_NOT_SENT, UNKNOWN_RECORD_ID, type Outcome } from './outcome'
import { probeEpisode, settle } from './reconcile'

/**
 * Writes a record's bookkeeping to the outbox file, under its lock, before the request leaves
 * (transitions.ts, `beforeRequest`); throws when the entry is no longer this process's to send.
 */
export type BeforeRequest = (entry: RecordEntry) => void

/**
 * One attempt at one entry. It may update the entry's bookkeeping (baseline, `unsure`, a program
 * found by a probe) in place; the outbox persists the entry with whatever state follows.
 */
export async function sendEntry(
  media: MediaClient,
  entry: OutboxEntry,
  recent: readonly RecentRecord[],
  beforeRequest: BeforeRequest
): Promise<Outcome> {
  try {
    switch (entry.kind) {
      case 'record':
        return await sendRecord(media, entry, beforeRequest)
      case 'edit':
        return await sendEdit(media, entry, recent)
      case 'delete':
        return await sendDelete(media, entry, recent)
      case 'status':
        await media.setStatus(entry.workId, entry.status)
        return { type: 'sent' }
    }
  } catch (e) {
    return outcomeOf(e)
  }
}

async function sendRecord(media: MediaClient, e: RecordEntry, beforeRequest: BeforeRequest): Promise<Outcome> {
  if (e.unsure) {
    const verdict = await reconcile(media, e)
    if (verdict) return verdict
  } else if (e.baseline === undefined) e.baseline = await baselineOf(media, e)
  // Durable before the request leaves: if this process dies waiting for the answer, the next one
  // to take the entry over compares the service with this baseline instead of asking the user.
  beforeRequest(e)
  try {
    const created = await media.createRecord({
      episodeId: e.episodeId,
      comment: e.comment,
      ...(e.rating === null ? {} : { rating: e.rating }),
      shareMicroblog: e.shareMicroblog,
      shareSocialnet: e.shareSocialnet
    })
    return { type: 'sent', recordId: created.id }
  } catch (err) {
    // A 2xx whose body cannot be read: the record exists, only its id is unknown.
    if (err instanceof ApiError && err.kind === 'bad_response') return { type: 'sent', recordId: null }
    if (!(err instanceof ApiError && err.ambiguous)) throw err
    e.unsure = true
    // Reconciled at once when the service answers GETs again; otherwise before the next attempt.
    return (await reconcile(media, e)) ?? outcomeOf(err)
  }
}

/** Undefined when sending again is safe; otherwise the verdict. */
async function reconcile(media: MediaClient, e: RecordEntry): Promise<Outcome | undefined> {
  const now = await probe(media, e)
  switch (settle(e.baseline, now.state)) {
    case 'resend':
      // Not saved: the episode as just seen (unwatched) is the baseline of the next request.
      e.unsure = false
      e.baseline = now.state
      return undefined
    case 'landed':
      return { type: 'sent', recordId: null }
    case 'ask':
      return { type: 'ask', reason: NEEDS_CONFIRMATION }
  }
}

/** A baseline the service refuses to give (say, a 400 on an odd program) only costs automatic reconciliation. */
async function baselineOf(media: MediaClient, e: RecordEntry) {
  try {
    return (await probe(media, e)).state
  } catch (err) {
    if (err instanceof ApiError && (err.transient || err.kind === 'auth')) throw err
    return 'unknown' as const
  }
}

async function probe(media: MediaClient, e: RecordEntry) {
  const p = await probeEpisode(media, e)
  if (p.programId !== undefined) e.programId = p.programId
  return p
}

function targetOf(entry: EditEntry | DeleteEntry, recent: readonly RecentRecord[]): number | Outcome {
  const r = recent.find((x) => x.id === entry.target)
  if (!r) return { type: 'fail', reason: RECORD_NOT_SENT }
  if (r.recordId === null) return { type: 'fail', reason: UNKNOWN_RECORD_ID }
  return r.recordId
}

async function sendEdit(media: MediaClient, e: EditEntry, recent: readonly RecentRecord[]): Promise<Outcome> {
  const id = targetOf(e, recent)
  if (typeof id !== 'number') return id
  // PATCH is idempotent (the comment is replaced whole), so a lost answer is simply retried.
  await media.updateRecord(id, {
    comment: e.comment,
    ...(e.rating === undefined ? {} : { rating: e.rating }),
    shareMicroblog: e.shareMicroblog,
    shareSocialnet: e.shareSocialnet
  })
  return { type: 'sent', recordId: id }
}

async function sendDelete(media: MediaClient, e: DeleteEntry, recent: readonly RecentRecord[]): Promise<Outcome> {
  const id = targetOf(e, recent)
  if (typeof id !== 'number') return id
  try {
    await media.deleteRecord(id)
  } catch (err) {
    // Gone is what was asked for: a retried DELETE whose first attempt landed ends here.
    if (!(err instanceof ApiError && err.kind === 'not_found')) throw err
  }
  return { type: 'sent', recordId: id }
}
