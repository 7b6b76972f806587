import type { OutboxEntry } from '../../../shared/records'

/**
 * The outbox's order and pace, as pure functions. Entries go in queue order; an entry that cannot
 * go yet (undo window, failure, doubt) holds back the later entries of its own lane only: the same
 * record (its create, edits, delete) or the same work's status.
 */
const laneOf = (e: OutboxEntry) =>
  e.kind === 'status' ? `work:${e.workId}` : `record:${e.kind === 'record' ? e.id : e.target}`

/** The first entry due at `now`; `force` makes failed entries that retry by themselves due at once. */
export function nextDue(entries: readonly OutboxEntry[], now: number, force: boolean): OutboxEntry | undefined {
  const blocked = new Set<string>()
  for (const e of entries) {
    if (e.state === 'sent') continue
    const lane = laneOf(e)
    if (blocked.has(lane)) continue
    const due =
      e.state === 'queued' ||
      (e.state === 'waiting' && (e.sendAt ?? 0) <= now) ||
      (e.state === 'failed' &&
        e.willRetry === true &&
        (force || (e.nextAttemptAt !== undefined && e.nextAttemptAt <= now)))
    if (due) return e
    blocked.add(lane)
  }
  return undefined
}

/** Exponential backoff after the `attempts`-th attempt, with jitter in [50 %, 100 %) so clients do not retry in step. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number, random: () => number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1))) * (0.5 + random() / 2)
}
