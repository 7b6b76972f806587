import type { EmuRequest, EmuResponse } from '../types'
import { invalidParams, notFound } from './errors'
import { recordJson } from './serialize'
import { STATUS_KINDS, type MediaState, type StatusKind } from './state'

/**
 * The write endpoints: records (create, edit, delete) and statuses. Parameters come from a form
 * body, a JSON body or the query string (the spec's examples use the query string); the body wins.
 */
const RATING_STATES = ['bad', 'average', 'good', 'great']

function raw(req: EmuRequest, name: string): unknown {
  const b = req.body?.[name]
  if (b !== undefined && b !== null && b !== '') return b
  return req.query.get(name) ?? undefined
}

function requiredId(req: EmuRequest, name: string, quirks: boolean): number {
  const v = raw(req, name)
  if (v === undefined) throw invalidParams(quirks, `${name} は必須です`, `${name} is required.`)
  const s = String(v)
  if (!/^\d+$/.test(s)) throw invalidParams(quirks, `${name} は数値で指定してください`, `${name} must be an integer.`)
  return Number(s)
}

function shareFlag(req: EmuRequest, name: string, quirks: boolean): boolean {
  const v = raw(req, name)
  if (v === undefined || v === false || v === 'false') return false
  if (v === true || v === 'true') return true
  throw invalidParams(quirks, `${name} は true または false で指定してください`, `${name} must be true or false.`, true)
}

/** 1..5 with any step is kept; anything else (0, 6, "abc") is stored as null without an error. */
function rating(req: EmuRequest): number | null {
  const v = raw(req, 'rating')
  if (v === undefined) return null
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
  return Number.isFinite(n) && n >= 1 && n <= 5 ? n : null
}

function ratingState(req: EmuRequest): string | null {
  const v = raw(req, 'rating_state')
  return typeof v === 'string' && RATING_STATES.includes(v) ? v : null
}

function comment(req: EmuRequest): string {
  const v = raw(req, 'comment')
  return v === undefined ? '' : String(v)
}

export function createRecord(
  s: MediaState,
  req: EmuRequest,
  quirks: boolean,
  userId: number,
  now: number
): EmuResponse {
  const episodeId = requiredId(req, 'episode_id', quirks)
  const shareMicroblog = shareFlag(req, 'share_microblog', quirks)
  const shareSocialnet = shareFlag(req, 'share_socialnet', quirks)
  const episode = s.episode(episodeId)
  if (!episode) throw notFound(quirks)
  // No de-duplication: the live service stores a second record of the same episode happily.
  const row = s.addRecord({
    userId,
    workId: episode.workId,
    episodeId,
    comment: comment(req),
    rating: rating(req),
    ratingState: ratingState(req),
    isModified: false,
    likesCount: 0,
    commentsCount: 0,
    shareMicroblog,
    shareSocialnet,
    createdAt: now
  })
  return { status: quirks ? 200 : 201, body: recordJson(row, s, quirks) }
}

function ownRecord(s: MediaState, id: string, quirks: boolean, userId: number) {
  // Another user's record answers 404, not 403, so ids of others' records leak nothing.
  const row = s.records.find((r) => r.id === Number(id) && r.userId === userId)
  if (!row) throw notFound(quirks)
  return row
}

export function updateRecord(s: MediaState, req: EmuRequest, id: string, quirks: boolean, userId: number): EmuResponse {
  const row = ownRecord(s, id, quirks, userId)
  const shareMicroblog = shareFlag(req, 'share_microblog', quirks)
  const shareSocialnet = shareFlag(req, 'share_socialnet', quirks)
  // The comment is replaced, not merged: a PATCH without `comment` clears it.
  const next = comment(req)
  const changed = next !== row.comment
  row.comment = next
  if (raw(req, 'rating') !== undefined) row.rating = rating(req)
  if (raw(req, 'rating_state') !== undefined) row.ratingState = ratingState(req)
  row.shareMicroblog = shareMicroblog
  row.shareSocialnet = shareSocialnet
  row.isModified = quirks ? row.isModified || changed : true
  return { status: 200, body: recordJson(row, s, quirks) }
}

export function deleteRecord(s: MediaState, id: string, quirks: boolean, userId: number): EmuResponse {
  const row = ownRecord(s, id, quirks, userId)
  s.deleteRecord(row.id)
  return { status: 204 }
}

export function setStatus(s: MediaState, req: EmuRequest, quirks: boolean, userId: number, now: number): EmuResponse {
  const workId = requiredId(req, 'work_id', quirks)
  const kind = raw(req, 'kind')
  if (kind === undefined) throw invalidParams(quirks, 'kind は必須です', 'kind is required.')
  if (!STATUS_KINDS.includes(kind as StatusKind)) {
    throw invalidParams(quirks, 'kind の値が不正です', `kind must be one of ${STATUS_KINDS.join(', ')}.`, true)
  }
  if (!s.work(workId)) throw notFound(quirks)
  s.setStatus(userId, workId, kind as StatusKind, now)
  return { status: 204 }
}
