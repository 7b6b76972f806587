import { randomUUID } from 'node:crypto'
import type { EventPayload } from '../../../shared/contract'
import {
  NewRecord,
  type OutboxDoc,
  type OutboxEntry,
  type ProcessRef,
  type RecentRecord,
  type RecordEntry,
  type StatusEntry,
  type StatusKind
} from '../../../shared/records'
import type { SessionMonitor } from '../auth/monitor'
import type { Clock } from '../clock'
import type { MediaClient } from '../media/client'
import type { DocumentStore } from '../store/document'
import { processGone, thisProcess } from './owner'
import type { RecordChanges } from './entries'
import { retryDelay } from './queue'
import { createSender } from './sender'
import * as t from './transitions'

/**
 * The persisted queue every write to the media-tracking service goes through (the shared design
 * doc, ../shared/design/ARCHITECTURE.md, data flow 6), shared by every process that uses the data
 * folder. Each change is one transaction on `outbox.json` (transitions.ts decides, the store's
 * lock makes it atomic across processes); memory never runs ahead of the file. Entries are sent
 * in queue order (queue.ts) by one sender per process (sender.ts), each under a lease, so two
 * processes never send the same entry. A transient failure ends the pass and the outbox wakes
 * again after an exponential backoff; a 401 pauses it until `flush()` after sign-in. Nothing is
 * dropped without the user.
 */
export interface OutboxOptions {
  store: DocumentStore<OutboxDoc>
  /** Asked at each send: the app rebuilds its client when the service settings change. */
  media: () => MediaClient
  clock: Clock
  monitor?: SessionMonitor
  random?: () => number
  /** This outbox's identity in leases; tests give two outboxes in one process their own. */
  owner?: ProcessRef
  /** Calls back when another process changed the file; returns how to stop watching. */
  watch?: (onChange: () => void) => () => void
  /** A store or timer failure the outbox survived; the entries stay as the file has them. */
  onError?: (error: unknown) => void
}

export type UndoOutcome = 'removed' | 'delete-queued'

/** What the UI should show again (the `status:rollback` event). */
export type StatusRollback = EventPayload<'status:rollback'>

export interface OutboxStart {
  /**
   * `all` (the app, `onair run`): sends every due entry. `own` (a short command): sends only what
   * this outbox queued or was asked to retry, so a command never takes over someone else's work.
   */
  scope?: 'all' | 'own'
}

export interface Outbox {
  start(opts?: OutboxStart): void
  /**
   * Sends nothing more and stops watching the file. Resolves once the attempt under way, if any,
   * has ended and its outcome is written: after that the outbox writes only when called.
   */
  stop(): Promise<void>
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
/** Without a file watch nobody else's change is seen at once; with one, a missed event costs this much. */
const RECHECK_MS = 30_000
/** How long a record waits before it is sent, so that it can still be undone. */
const UNDO_WINDOW_MS = 10_000
/** Sent entries stay visible this long; sent records stay editable from the app a week. */
const KEEP = { sentKeepMs: DAY, recentMs: 7 * DAY }
/** A request's lease, renewed every third of it while the request runs. */
const LEASE_MS = 60_000

export function createOutbox(opts: OutboxOptions): Outbox {
  const { store, clock } = opts
  const random = opts.random ?? Math.random
  const onError = opts.onError ?? (() => {})
  const changeListeners = new Set<(entries: OutboxEntry[]) => void>()
  const rollbackListeners = new Set<(e: StatusRollback) => void>()
  let scope: OutboxStart['scope'] = 'all'
  const mine = new Set<string>()
  let unwatch: (() => void) | undefined
  let lastSeen = ''

  const now = () => clock.now()
  const entries = () => structuredClone(store.read().entries)

  /** One change: a copy of the file's current document, changed, pruned, written under the lock. */
  function tx<R>(mutation: t.OutboxMutation<R>): R {
    let result!: R
    store.update((current) => {
      const doc = structuredClone(current)
      result = mutation(doc)
      t.prune(doc, now(), KEEP)
      return doc
    })
    changed()
    return result
  }

  /** Synchronously, so a timer exists before the caller's clock can move past it. */
  function changed(): void {
    sender.rearm()
    const snapshot = entries()
    const seen = JSON.stringify(snapshot)
    if (seen === lastSeen) return
    lastSeen = seen
    for (const l of [...changeListeners]) l(snapshot)
  }

  function rollback(r: t.Rollback | undefined): void {
    if (!r) return
    const event = { workId: r.entry.workId, attempted: r.entry.status, previous: r.entry.previous, reason: r.reason }
    for (const l of [...rollbackListeners]) l(event)
  }

  /** Queued by this outbox: a short command sends it itself. */
  function own<E extends OutboxEntry>(entry: E): E {
    mine.add(entry.id)
    return entry
  }

  const sender = createSender({
    tx,
    read: () => store.read(),
    media: opts.media,
    clock,
    monitor: opts.monitor,
    owner: opts.owner ?? thisProcess(),
    gone: processGone,
    only: () => (scope === 'own' ? mine : undefined),
    // 5 s, doubling up to 5 min.
    retryDelay: (attempts) => retryDelay(attempts, 5_000, 300_000, random),
    newId: randomUUID,
    leaseMs: LEASE_MS,
    recheckMs: () => (unwatch && scope === 'all' ? RECHECK_MS : undefined),
    onRollback: rollback,
    onError
  })

  const outbox: Outbox = {
    start(o = {}) {
      scope = o.scope ?? 'all'
      unwatch = opts.watch?.(() => {
        changed()
        void sender.kick()
      })
      sender.start()
    },
    stop() {
      unwatch?.()
      unwatch = undefined
      return sender.stop()
    },
    entries,
    recent: () => structuredClone(store.read().recent),
    record(input, o = {}) {
      const r = NewRecord.parse(input)
      const at = now()
      const entry = own(
        tx((doc) =>
          t.add<RecordEntry>(doc, {
            ...r,
            id: randomUUID(),
            kind: 'record',
            state: o.immediate ? 'queued' : 'waiting',
            ...(o.immediate ? {} : { sendAt: at + UNDO_WINDOW_MS }),
            createdAt: at,
            attempts: 0
          })
        )
      )
      void sender.kick()
      return entry
    },
    undo(id) {
      const result = tx((doc) => t.undo(doc, id, now(), randomUUID))
      if (result.queued) {
        own(result.queued)
        void sender.kick()
      }
      return result.outcome
    },
    edit(id, changes) {
      const { entry, queued } = tx((doc) => t.edit(doc, id, changes, now(), randomUUID))
      if (queued) {
        own(entry)
        void sender.kick()
      }
      return entry
    },
    setStatus(workId, status, previous) {
      const entry = own(
        tx((doc) =>
          t.add<StatusEntry>(doc, {
            id: randomUUID(),
            kind: 'status',
            workId,
            status,
            previous,
            state: 'queued',
            createdAt: now(),
            attempts: 0
          })
        )
      )
      void sender.kick()
      return entry
    },
    retry(id) {
      const entry = own(tx((doc) => t.retry(doc, id)))
      void sender.kick()
      return entry
    },
    discard(id) {
      rollback(tx((doc) => t.discard(doc, id)))
    },
    flush: () => sender.kick(true),
    idle: () => sender.idle(),
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
