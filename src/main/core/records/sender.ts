import type { OutboxDoc, OutboxEntry, ProcessRef } from '../../../shared/records'
import type { SessionMonitor } from '../auth/monitor'
import type { Clock, TimerHandle } from '../clock'
import type { MediaClient } from '../media/client'
import { nextDue } from './queue'
import { sendEntry } from './send'
import {
  beforeRequest,
  claim,
  leaseLive,
  recoverAbandoned,
  renew,
  settle,
  type OutboxMutation,
  type Rollback
} from './transitions'

/**
 * The outbox's one sender: one pass at a time sends due entries in queue order, each leased to
 * this process for the length of the attempt (claim, send, settle: transactions around one
 * request, never a lock held across the network; a record gets one more just before its request
 * leaves, which writes down what reconciling a lost answer needs). One timer wakes it for the earliest thing that
 * can change without anyone writing: an undo window ending, a backoff ending, another process's
 * lease running out; a change by another process arrives through the file watch (outbox.ts).
 */
export interface SenderDeps {
  tx: <R>(mutation: OutboxMutation<R>) => R
  read: () => OutboxDoc
  media: () => MediaClient
  clock: Clock
  monitor?: SessionMonitor
  owner: ProcessRef
  gone: (owner: ProcessRef) => boolean
  /** The entries this sender may send; undefined for all of them. */
  only: () => ReadonlySet<string> | undefined
  retryDelay: (attempts: number) => number
  newId: () => string
  leaseMs: number
  /** When set, the sender also looks at the file this often (a missed file-watch event). */
  recheckMs: () => number | undefined
  onRollback: (rollback: Rollback) => void
  onError: (error: unknown) => void
}

export interface Sender {
  start(): void
  /** Starts no further attempt; resolves once the pass under way has written its attempt's outcome. */
  stop(): Promise<void>
  /** Starts a pass, or asks the running one to look again; `force` makes failed entries due. */
  kick(force?: boolean): Promise<void>
  idle(): Promise<void>
  /** Re-arms the wake-up timer from the document as it is now. */
  rearm(): void
}

export function createSender(deps: SenderDeps): Sender {
  const { clock, owner } = deps
  let timer: TimerHandle | undefined
  let running: Promise<void> | undefined
  let again = false
  let forceNext = false
  let stopped = true

  const inScope = (entries: readonly OutboxEntry[]) => {
    const only = deps.only()
    return only ? entries.filter((e) => only.has(e.id)) : entries
  }

  /** A cheap look without the lock, so a pass with nothing to do writes nothing. */
  function worthAClaim(force: boolean): boolean {
    const now = clock.now()
    const entries = deps.read().entries
    const live = leaseLive(now, deps.gone)
    return entries.some((e) => e.state === 'sending' && !live(e)) || nextDue(inScope(entries), now, force) !== undefined
  }

  async function pass(force: boolean): Promise<void> {
    for (;;) {
      if (stopped || deps.monitor?.state() === 'signed-out' || !worthAClaim(force)) return
      const now = clock.now()
      const claimed = deps.tx((doc) => {
        recoverAbandoned(doc, leaseLive(now, deps.gone))
        return claim(doc, { now, until: now + deps.leaseMs, owner, force, only: deps.only() })
      })
      if (!claimed) return
      const outcome = await leased(claimed.entry.id, () =>
        sendEntry(deps.media(), claimed.entry, claimed.recent, (entry) =>
          deps.tx((doc) => beforeRequest(doc, entry, owner))
        )
      )
      if (outcome.type === 'pause') deps.monitor?.report(outcome.error)
      const settled = deps.tx((doc) =>
        settle(doc, claimed.entry, outcome, {
          now: clock.now(),
          owner,
          retryDelay: deps.retryDelay(claimed.entry.attempts),
          newId: deps.newId
        })
      )
      if (settled.rollback) deps.onRollback(settled.rollback)
      if (settled.stopPass) return
    }
  }

  /** Renews the lease while the attempt runs, so a slow answer never lets another process resend. */
  async function leased<T>(id: string, attempt: () => Promise<T>): Promise<T> {
    let renewal: TimerHandle | undefined
    const later = (): void => {
      renewal = clock.setTimeout(() => {
        try {
          deps.tx((doc) => renew(doc, id, owner, clock.now() + deps.leaseMs))
        } catch (e) {
          deps.onError(e)
        }
        later()
      }, deps.leaseMs / 3)
    }
    later()
    try {
      return await attempt()
    } finally {
      if (renewal) clock.clearTimeout(renewal)
    }
  }

  function rearm(): void {
    if (timer) clock.clearTimeout(timer)
    timer = undefined
    if (stopped) return
    const now = clock.now()
    const wakes = inScope(deps.read().entries).flatMap((e) => {
      if (e.state === 'waiting') return [e.sendAt ?? 0]
      if (e.state === 'failed' && e.willRetry && e.nextAttemptAt !== undefined) return [e.nextAttemptAt]
      if (e.state === 'sending' && e.lease && e.lease.owner.id !== owner.id) return [e.lease.until]
      return []
    })
    const recheck = deps.recheckMs()
    if (recheck !== undefined) wakes.push(now + recheck)
    if (wakes.length) timer = clock.setTimeout(() => void kick(), Math.max(0, Math.min(...wakes) - now))
  }

  async function idle(): Promise<void> {
    while (running) await running
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
        try {
          await pass(f)
        } catch (e) {
          // A store that cannot be written (locked for too long, disk full): reported, and the
          // entries stay as the file has them for the next wake-up.
          deps.onError(e)
          return
        }
      } while (again)
    })().finally(() => {
      running = undefined
      rearm()
    })
    return running
  }

  return {
    start() {
      stopped = false
      void kick()
    },
    stop() {
      stopped = true
      rearm()
      // The request under way is not abandoned: its answer is written (an entry left 'sending'
      // would wait for its lease to run out, and a record would then be reconciled with the
      // service). The pass ends after that write, and nothing is written once this resolves.
      return idle()
    },
    kick,
    idle,
    rearm
  }
}
