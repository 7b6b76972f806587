import type { LocalizedText } from '../../../shared/locale'
import type {
  OutboxDoc,
  OutboxEntry,
  ProcessRef,
  RecentRecord,
  RecordEntry,
  StatusEntry
} from '../../../shared/records'
import { OutboxError, recentOf, type RecordChanges } from './entries'
import type { Outcome } from './outcome'
import { nextDue } from './queue'

/**
 * The outbox's state transitions. Each one changes the document it is given (a private copy the
 * store transaction hands over: see outbox.ts) and returns what the caller needs to know; none
 * does I/O or reads the clock, so each is one step of one transaction under the file's lock.
 */
export type OutboxMutation<R> = (doc: OutboxDoc) => R

/** What the UI is told when a status change will not happen. */
export interface Rollback {
  entry: StatusEntry
  reason: LocalizedText
}

const DISCARDED: LocalizedText = { en: 'The status change was discarded.', ja: 'ステータスの変更を破棄しました。' }

export const byId = (doc: OutboxDoc, id: string) => doc.entries.find((e) => e.id === id)
const mustFind = (doc: OutboxDoc, id: string) => byId(doc, id) ?? OutboxError.throw('not-found')

/** Sent entries stay visible for `sentKeepMs`, recent records stay editable for `recentMs`. */
export function prune(doc: OutboxDoc, now: number, keep: { sentKeepMs: number; recentMs: number }): void {
  doc.entries = doc.entries.filter((e) => e.state !== 'sent' || (e.sentAt ?? 0) > now - keep.sentKeepMs)
  doc.recent = doc.recent.filter((r) => r.createdAt > now - keep.recentMs)
}

/** Whether the process sending an entry may still be at it. */
export type LeaseCheck = (entry: OutboxEntry) => boolean

export function leaseLive(now: number, gone: (owner: ProcessRef) => boolean): LeaseCheck {
  return (e) => e.lease !== undefined && e.lease.until > now && !gone(e.lease.owner)
}

/**
 * Entries left `sending` by a process that died or stopped answering go back to the queue. The
 * request may have landed: a record is marked unsure and reconciled before any resend, against the
 * baseline its sender wrote before the request left (`beforeRequest`); edits, deletes and status
 * changes are idempotent. A record that died before its request left is marked unsure too: the file
 * cannot tell it from one an older Onair (which kept the baseline in memory) was sending, and a
 * probe that shows the episode unwatched sends it again at once.
 */
export function recoverAbandoned(doc: OutboxDoc, live: LeaseCheck): void {
  for (const e of doc.entries) {
    if (e.state !== 'sending' || live(e)) continue
    e.state = 'queued'
    delete e.lease
    if (e.kind === 'record') e.unsure = true
  }
}

/** The next due entry (limited to `only` when given), now leased to `owner`; a copy to send. */
export function claim(
  doc: OutboxDoc,
  at: { now: number; until: number; owner: ProcessRef; force: boolean; only?: ReadonlySet<string> }
): { entry: OutboxEntry; recent: RecentRecord[] } | undefined {
  const candidates = at.only ? doc.entries.filter((e) => at.only!.has(e.id)) : doc.entries
  const e = nextDue(candidates, at.now, at.force)
  if (!e) return undefined
  Object.assign(e, {
    state: 'sending',
    attempts: e.attempts + 1,
    reason: undefined,
    willRetry: undefined,
    lease: { owner: at.owner, until: at.until }
  })
  return { entry: structuredClone(e), recent: structuredClone(doc.recent) }
}

const ownedBy = (e: OutboxEntry | undefined, owner: ProcessRef) =>
  e?.state === 'sending' && e.lease?.owner.id === owner.id

/** Extends the owner's lease; false when it is no longer the owner's. */
export function renew(doc: OutboxDoc, id: string, owner: ProcessRef, until: number): boolean {
  const e = byId(doc, id)
  if (!e || !ownedBy(e, owner)) return false
  e.lease = { owner, until }
  return true
}

/** What an attempt learned about a record: the yardstick of reconciliation and where to look. */
function keepBookkeeping(e: RecordEntry, sent: RecordEntry): void {
  for (const k of ['baseline', 'unsure', 'programId'] as const) {
    if (sent[k] === undefined) delete e[k]
    else Object.assign(e, { [k]: sent[k] })
  }
}

/**
 * A record's request is about to leave: first the file gets the baseline and the program its
 * attempt found, so whichever process takes the entry over if this one dies before the answer
 * settles it by itself (sent when the service shows the record, sent again when it does not).
 * Throws, and nothing is sent, when the entry is no longer this owner's (its lease ran out while
 * the process was stopped, and another process took it over).
 */
export function beforeRequest(doc: OutboxDoc, sent: RecordEntry, owner: ProcessRef): void {
  const e = byId(doc, sent.id)
  if (e?.kind !== 'record' || !ownedBy(e, owner)) OutboxError.throw('sending')
  keepBookkeeping(e, sent)
}

export interface Settled {
  /** The service is unavailable: the pass should stop. */
  stopPass: boolean
  rollback?: Rollback
}

/**
 * Applies the outcome of one attempt. `sent` is the copy that was sent, with the bookkeeping the
 * attempt learned (baseline, doubt, the program a probe found). An entry whose lease another
 * process took over meanwhile is left to that process.
 */
export function settle(
  doc: OutboxDoc,
  sent: OutboxEntry,
  o: Outcome,
  at: { now: number; owner: ProcessRef; retryDelay: number; newId: () => string }
): Settled {
  const e = byId(doc, sent.id)
  if (!e || !ownedBy(e, at.owner)) return { stopPass: false }
  delete e.lease
  if (e.kind === 'record' && sent.kind === 'record') keepBookkeeping(e, sent)
  if (o.type === 'sent') {
    Object.assign(e, { state: 'sent', sentAt: at.now, nextAttemptAt: undefined })
    if (e.kind === 'record') {
      delete e.unsure
      e.recordId = o.recordId ?? null
      doc.recent.push(recentOf(e, at.now))
      if (e.undoRequested) enqueueDelete(doc, e.id, at.now, at.newId)
    } else if (e.kind === 'delete') {
      doc.recent = doc.recent.filter((r) => r.id !== e.target)
    }
    return { stopPass: false }
  }
  const retry = o.type === 'retry' || o.type === 'pause'
  Object.assign(e, {
    state: o.type === 'ask' ? 'needs-confirmation' : 'failed',
    reason: o.reason,
    willRetry: o.type === 'ask' ? undefined : retry,
    // A paused entry waits for the next sign-in (flush), not for a timer.
    nextAttemptAt: o.type === 'retry' ? at.now + at.retryDelay : undefined
  })
  const rollback = e.kind === 'status' && !retry ? { entry: structuredClone(e), reason: o.reason } : undefined
  return { stopPass: retry, ...(rollback ? { rollback } : {}) }
}

export function enqueueDelete(doc: OutboxDoc, target: string, now: number, newId: () => string): OutboxEntry {
  const entry: OutboxEntry = { id: newId(), kind: 'delete', target, state: 'queued', createdAt: now, attempts: 0 }
  doc.entries.push(entry)
  return entry
}

export type UndoResult = { outcome: 'removed' | 'delete-queued'; queued?: OutboxEntry; rollback?: Rollback }

/** Before sending: removed. While sending: deleted once sent. After: a delete is queued. */
export function undo(doc: OutboxDoc, id: string, now: number, newId: () => string): UndoResult {
  const e = byId(doc, id)
  if (e?.kind === 'record' && e.state === 'sending') {
    e.undoRequested = true
    return { outcome: 'delete-queued' }
  }
  if (e?.kind === 'record' && e.state !== 'sent') {
    // Not sent, or failed in a way that proves it was not saved; a doubtful one is the user's call.
    if (e.state === 'needs-confirmation' || e.unsure) OutboxError.throw('unsure')
    discard(doc, id)
    return { outcome: 'removed' }
  }
  const recent = doc.recent.find((r) => r.id === id) ?? OutboxError.throw('not-found')
  if (recent.recordId === null) OutboxError.throw('unknown-record-id')
  return { outcome: 'delete-queued', queued: enqueueDelete(doc, id, now, newId) }
}

/** A record not yet sent is changed in place; a sent one gets an edit entry with the whole comment. */
export function edit(
  doc: OutboxDoc,
  id: string,
  changes: RecordChanges,
  now: number,
  newId: () => string
): { entry: OutboxEntry; queued: boolean } {
  const e = byId(doc, id)
  if (e?.kind === 'record' && e.state !== 'sent' && e.state !== 'sending') {
    Object.assign(e, changes)
    return { entry: structuredClone(e), queued: false }
  }
  const recent = doc.recent.find((r) => r.id === id) ?? OutboxError.throw('not-found')
  if (recent.recordId === null) OutboxError.throw('unknown-record-id')
  // The service replaces the comment, so the edit carries the whole of it, old text by default.
  Object.assign(recent, changes)
  const { comment, shareMicroblog, shareSocialnet } = recent
  const entry: OutboxEntry = {
    id: newId(),
    kind: 'edit',
    target: id,
    comment,
    ...(changes.rating === undefined ? {} : { rating: changes.rating }),
    shareMicroblog,
    shareSocialnet,
    state: 'queued',
    createdAt: now,
    attempts: 0
  }
  doc.entries.push(entry)
  return { entry: structuredClone(entry), queued: true }
}

export function retry(doc: OutboxDoc, id: string): OutboxEntry {
  const e = mustFind(doc, id)
  if (e.state === 'sending') OutboxError.throw('sending')
  if (e.state !== 'failed' && e.state !== 'needs-confirmation') OutboxError.throw('not-retryable')
  // Retrying a doubtful record is the user's answer: it was not saved, send it again.
  if (e.kind === 'record' && e.state === 'needs-confirmation') e.unsure = false
  Object.assign(e, { state: 'queued', nextAttemptAt: undefined, willRetry: undefined })
  return structuredClone(e)
}

export function discard(doc: OutboxDoc, id: string): Rollback | undefined {
  const e = mustFind(doc, id)
  if (e.state === 'sending') OutboxError.throw('sending')
  doc.entries = doc.entries.filter((x) => x !== e)
  return e.kind === 'status' && e.state !== 'sent' ? { entry: e, reason: DISCARDED } : undefined
}

export function add<E extends OutboxEntry>(doc: OutboxDoc, entry: E): E {
  doc.entries.push(entry)
  return structuredClone(entry)
}
