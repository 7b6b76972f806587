import { randomUUID } from 'node:crypto'
import {
  NewRecord,
  type OutboxDoc,
  type OutboxEntry,
  type RecentRecord,
  type RecordEntry,
  type StatusEntry,
  type StatusKind
} from '../../../shared/records'
import type { SessionMonitor } from '../auth/monitor'
import type { Clock, TimerHandle } from '../clock'
import type { LocalizedText } from '../http/errors'
import type { MediaClient } from '../media/client'
import type { DocumentStore } from '../store/json-file'
import { OutboxError, recentOf, type RecordChanges } from './entries'
import { nextDue, retryDelay } from './queue'
import { sendEntry } from './send'
import type { Outcome } from './outcome'

/**
 * The persisted queue every write to the media-tracking service goes through (ARCHITECTURE.md,
 * data flow 6). Entries are sent one at a time in queue order (see queue.ts for lanes); an entry that cannot go yet
 * (undo window, failure, doubt) holds back only the later entries of its own lane (the same
 * record, or the same work's status). A transient failure ends the pass and the outbox wakes
 * again after an exponential backoff with jitter; a 401 pauses it until `flush()` after sign-in.
 * Nothing is ever dropped without the user: failed entries stay until retried or discarded.
 */
export interface OutboxOptions {
  store: DocumentStore<OutboxDoc>
  /** Asked at each send: the app rebuilds its client when the service settings change. */
  media: () => MediaClient
  clock: Clock
  monitor?: SessionMonitor
  /** Default 10 s. */
  undoWindowMs?: number
  /** Default 5 s doubling up to 5 min. */
  backoff?: { baseMs?: number; maxMs?: number }
  random?: () => number
  /** How long sent records stay editable from the app; default 7 days. */
  recentDays?: number
  /** How long a sent entry stays visible in the outbox; default 1 day. */
  sentKeepMs?: number
  newId?: () => string
}

export type UndoOutcome = 'removed' | 'delete-queued'

export interface StatusRollback {
  workId: number
  attempted: StatusKind
  /** What the UI should show again; absent when the app never knew it. */
  previous?: StatusKind
  reason: LocalizedText
}

export interface Outbox {
  start(): void
  stop(): void
  entries(): OutboxEntry[]
  recent(): RecentRecord[]
  /** `immediate` skips the undo window (the CLI's `--no-wait`). */
  record(input: NewRecord, opts?: { immediate?: boolean }): RecordEntry
  /** Before sending: nothing is sent. After: the record is deleted. Also how a recent record is deleted. */
  undo(id: string): UndoOutcome
  edit(id: string, changes: RecordChanges): OutboxEntry
  setStatus(workId: number, status: StatusKind, previous?: StatusKind): StatusEntry
  retry(id: string): OutboxEntry
  discard(id: string): void
  /** Sends whatever is due now, failed entries included: for "the network is back" and "signed in again". */
  flush(): Promise<void>
  /** Resolves once no pass is running. */
  idle(): Promise<void>
  onChange(listener: (entries: OutboxEntry[]) => void): () => void
  onRollback(listener: (e: StatusRollback) => void): () => void
}

const DAY = 86_400_000

export function createOutbox(opts: OutboxOptions): Outbox {
  const { store, clock } = opts
  const windowMs = opts.undoWindowMs ?? 10_000
  const baseMs = opts.backoff?.baseMs ?? 5_000
  const maxMs = opts.backoff?.maxMs ?? 300_000
  const random = opts.random ?? Math.random
  const newId = opts.newId ?? randomUUID
  const changeListeners = new Set<(entries: OutboxEntry[]) => void>()
  const rollbackListeners = new Set<(e: StatusRollback) => void>()
  let timer: TimerHandle | undefined
  let running: Promise<void> | undefined
  let again = false
  let forceNext = false
  let stopped = true

  const now = () => clock.now()
  const doc = (): OutboxDoc => store.read()
  const find = (id: string) => doc().entries.find((e) => e.id === id)
  const mustFind = (id: string) => find(id) ?? OutboxError.throw('not-found')

  function save(): void {
    const now = clock.now()
    const d = doc()
    store.write({
      version: 1,
      entries: d.entries.filter((e) => e.state !== 'sent' || (e.sentAt ?? 0) > now - (opts.sentKeepMs ?? DAY)),
      recent: d.recent.filter((r) => r.createdAt > now - (opts.recentDays ?? 7) * DAY)
    })
    // Synchronously, so a timer exists before the caller's clock can move past it.
    schedule()
    const snapshot = outbox.entries()
    for (const l of [...changeListeners]) l(snapshot)
  }

  function enqueue<E extends OutboxEntry>(entry: E): E {
    doc().entries.push(entry)
    save()
    kick()
    return structuredClone(entry)
  }

  function rollback(e: StatusEntry, reason: LocalizedText): void {
    const event = { workId: e.workId, attempted: e.status, previous: e.previous, reason }
    for (const l of [...rollbackListeners]) l(event)
  }

  async function pass(force: boolean): Promise<void> {
    for (;;) {
      if (stopped || opts.monitor?.state() === 'signed-out') return
      const e = nextDue(doc().entries, clock.now(), force)
      if (!e) return
      Object.assign(e, { state: 'sending', attempts: e.attempts + 1, reason: undefined, willRetry: undefined })
      save()
      const outcome = await sendEntry(opts.media(), e, doc().recent)
      if (!settleEntry(e, outcome)) return
    }
  }

  /** Applies an outcome; false when the pass should stop (the service is unavailable). */
  function settleEntry(e: OutboxEntry, o: Outcome): boolean {
    const now = clock.now()
    if (o.type === 'sent') {
      Object.assign(e, { state: 'sent', sentAt: now, nextAttemptAt: undefined })
      if (e.kind === 'record') delete e.unsure
      afterSent(e, o.recordId)
      save()
      return true
    }
    if (o.type === 'pause') opts.monitor?.report(o.error)
    const retry = o.type === 'retry' || o.type === 'pause'
    const delay = retryDelay(e.attempts, baseMs, maxMs, random)
    Object.assign(e, {
      state: o.type === 'ask' ? 'needs-confirmation' : 'failed',
      reason: o.reason,
      willRetry: o.type === 'ask' ? undefined : retry,
      // A paused entry waits for the next sign-in (flush), not for a timer.
      nextAttemptAt: o.type === 'retry' ? now + delay : undefined
    })
    if (e.kind === 'status' && !retry) rollback(e, o.reason)
    save()
    return !retry
  }

  function afterSent(e: OutboxEntry, recordId: number | null | undefined): void {
    const d = doc()
    if (e.kind === 'record') {
      e.recordId = recordId ?? null
      d.recent.push(recentOf(e, now()))
      if (e.undoRequested) enqueueDelete(e.id)
    } else if (e.kind === 'delete') {
      d.recent = d.recent.filter((r) => r.id !== e.target)
    }
  }
  function enqueueDelete(target: string): void {
    doc().entries.push({ id: newId(), kind: 'delete', target, state: 'queued', createdAt: now(), attempts: 0 })
  }

  function schedule(): void {
    if (timer) clock.clearTimeout(timer)
    timer = undefined
    if (stopped) return
    const wakes = doc().entries.flatMap((e) =>
      e.state === 'waiting'
        ? [e.sendAt ?? 0]
        : e.state === 'failed' && e.willRetry && e.nextAttemptAt !== undefined
          ? [e.nextAttemptAt]
          : []
    )
    if (wakes.length) timer = clock.setTimeout(() => kick(), Math.min(...wakes) - now())
  }

  function kick(force = false): Promise<void> {
    forceNext ||= force
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        const f = forceNext
        forceNext = false
        await pass(f)
      } while (again)
    })().finally(() => {
      running = undefined
    })
    return running
  }

  const outbox: Outbox = {
    start() {
      stopped = false
      // An entry left `sending` by a crash may have landed: records reconcile, the rest are idempotent.
      for (const e of doc().entries) {
        if (e.state !== 'sending') continue
        e.state = 'queued'
        if (e.kind === 'record') e.unsure = true
      }
      save()
      void kick()
    },
    stop() {
      stopped = true
      schedule()
    },
    entries: () => structuredClone(doc().entries),
    recent: () => structuredClone(doc().recent),
    record(input, o = {}) {
      const r = NewRecord.parse(input)
      const at = now()
      return enqueue<RecordEntry>({
        ...r,
        id: newId(),
        kind: 'record',
        state: o.immediate ? 'queued' : 'waiting',
        ...(o.immediate ? {} : { sendAt: at + windowMs }),
        createdAt: at,
        attempts: 0
      })
    },
    undo(id) {
      const e = find(id)
      const recent = doc().recent.find((r) => r.id === id)
      if (e?.kind === 'record' && e.state === 'sending') {
        e.undoRequested = true
        save()
        return 'delete-queued'
      }
      if (e?.kind === 'record' && e.state !== 'sent') {
        // Not sent, or failed in a way that proves it was not saved; a doubtful one is the user's call.
        if (e.state === 'needs-confirmation' || e.unsure) OutboxError.throw('unsure')
        outbox.discard(id)
        return 'removed'
      }
      if (!recent) OutboxError.throw('not-found')
      if (recent.recordId === null) OutboxError.throw('unknown-record-id')
      enqueueDelete(id)
      save()
      kick()
      return 'delete-queued'
    },
    edit(id, changes) {
      const e = find(id)
      if (e?.kind === 'record' && e.state !== 'sent' && e.state !== 'sending') {
        Object.assign(e, changes)
        save()
        return structuredClone(e)
      }
      const recent = doc().recent.find((r) => r.id === id) ?? OutboxError.throw('not-found')
      if (recent.recordId === null) OutboxError.throw('unknown-record-id')
      // The service replaces the comment, so the edit carries the whole of it, old text by default.
      Object.assign(recent, changes)
      const { comment, shareMicroblog, shareSocialnet } = recent
      return enqueue({
        id: newId(),
        kind: 'edit',
        target: id,
        comment,
        ...(changes.rating === undefined ? {} : { rating: changes.rating }),
        shareMicroblog,
        shareSocialnet,
        state: 'queued',
        createdAt: now(),
        attempts: 0
      })
    },
    setStatus(workId, status, previous) {
      return enqueue<StatusEntry>({
        id: newId(),
        kind: 'status',
        workId,
        status,
        previous,
        state: 'queued',
        createdAt: now(),
        attempts: 0
      })
    },
    retry(id) {
      const e = mustFind(id)
      if (e.state !== 'failed' && e.state !== 'needs-confirmation') OutboxError.throw('not-retryable')
      // Retrying a doubtful record is the user's answer: it was not saved, send it again.
      if (e.kind === 'record' && e.state === 'needs-confirmation') e.unsure = false
      Object.assign(e, { state: 'queued', nextAttemptAt: undefined, willRetry: undefined })
      save()
      void kick()
      return structuredClone(e)
    },
    discard(id) {
      const e = mustFind(id)
      if (e.state === 'sending') OutboxError.throw('sending')
      doc().entries = doc().entries.filter((x) => x !== e)
      if (e.kind === 'status' && e.state !== 'sent') {
        rollback(e, { en: 'The status change was discarded.', ja: 'ステータスの変更を破棄しました。' })
      }
      save()
    },
    flush: () => kick(true),
    idle: async () => {
      while (running) await running
    },
    onChange(l) {
      changeListeners.add(l)
      return () => void changeListeners.delete(l)
    },
    onRollback(l) {
      rollbackListeners.add(l)
      return () => void rollbackListeners.delete(l)
    }
  }
  return outbox
}
