import type { Transport } from '../http/transport'
import { clientError, formatBoolean } from './params'
import { StatusKind } from '../../../shared/records'
import { recordSchema, type MediaRecord } from './schemas'

/**
 * The three write endpoints. None is retried here (see http/retry.ts): a write that got no
 * answer fails with `ambiguous: true` and the outbox decides what to do. Any 2xx is success,
 * because the live service answers 200 where the documents suggest 201.
 */
export interface RecordOptions {
  comment?: string
  /** 1 to 5 (halves kept). The service silently stores anything else as null, so it is refused here. */
  rating?: number
  /** Sharing defaults to off and is always sent explicitly, so a changed service default cannot post for the user. */
  shareMicroblog?: boolean
  shareSocialnet?: boolean
}

export interface CreateRecordInput extends RecordOptions {
  episodeId: number
}

/** `comment` is required: the service replaces the comment on PATCH, so leaving it out would erase it. */
export interface UpdateRecordInput extends RecordOptions {
  comment: string
}

export async function createRecord(t: Transport, input: CreateRecordInput): Promise<MediaRecord> {
  const form = { episode_id: positiveId('episodeId', input.episodeId), ...recordForm(input) }
  return t({ method: 'POST', path: '/v1/me/records', form, schema: recordSchema })
}

export async function updateRecord(t: Transport, id: number, input: UpdateRecordInput): Promise<MediaRecord> {
  if (typeof input.comment !== 'string') throw clientError('comment is required when editing a record')
  const path = `/v1/me/records/${positiveId('id', id)}`
  return t({ method: 'PATCH', path, form: recordForm(input), schema: recordSchema })
}

export async function deleteRecord(t: Transport, id: number): Promise<void> {
  await t({ method: 'DELETE', path: `/v1/me/records/${positiveId('id', id)}`, schema: undefined })
}

export async function setStatus(t: Transport, workId: number, kind: StatusKind): Promise<void> {
  if (!StatusKind.safeParse(kind).success) throw clientError(`unknown status kind "${String(kind)}"`)
  const form = { work_id: positiveId('workId', workId), kind }
  await t({ method: 'POST', path: '/v1/me/statuses', form, schema: undefined })
}

function recordForm(o: RecordOptions): Record<string, string> {
  const form: Record<string, string> = {
    share_microblog: formatBoolean(o.shareMicroblog ?? false, 'shareMicroblog'),
    share_socialnet: formatBoolean(o.shareSocialnet ?? false, 'shareSocialnet')
  }
  if (o.comment !== undefined) form.comment = o.comment
  if (o.rating !== undefined) {
    if (!Number.isFinite(o.rating) || o.rating < 1 || o.rating > 5) throw clientError('rating must be from 1 to 5')
    form.rating = String(o.rating)
  }
  return form
}

function positiveId(name: string, v: number): string {
  if (!Number.isSafeInteger(v) || v < 1) throw clientError(`${name} must be a positive integer`)
  return String(v)
}
