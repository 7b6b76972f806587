/**
 * What the schedule rows know beyond the schedule: the outbox entries (from `outbox:list` and then
 * every `outbox:changed`), the status each work was set to in this session (optimistic, rolled back
 * on `status:rollback`), and one polite announcement for screen readers.
 */
import { invoke, listen } from '../../lib/api'
import type { LocalizedText } from '../../../../shared/contract'
import type { CachedProgram } from '../../../../shared/schedule'
import type { OutboxEntry, RecordEntry, StatusEntry, StatusKind } from '../../../../shared/records'
import { asUserError } from '../../errors'

export const records = $state({
  entries: [] as OutboxEntry[],
  statuses: {} as Record<number, StatusKind>,
  /** The latest thing to announce (undo, rollback, failures); shown and read by an aria-live region. */
  message: null as { text: LocalizedText; params: Record<string, string>; level: 'info' | 'error' } | null
})

export function announce(
  text: LocalizedText,
  params: Record<string, string> = {},
  level: 'info' | 'error' = 'info'
): void {
  records.message = { text, params, level }
}

export function showError(err: unknown): void {
  announce(asUserError(err).message, {}, 'error')
}

/** Loads the outbox and follows it; returns the teardown for an `$effect`. */
export function trackOutbox(onRollback: (workId: number, reason: LocalizedText) => void): () => void {
  invoke('outbox:list').then((v) => (records.entries = v.entries), showError)
  const offChanged = listen('outbox:changed', (p) => (records.entries = p.entries))
  const offRollback = listen('status:rollback', (e) => {
    if (e.previous) records.statuses[e.workId] = e.previous
    else delete records.statuses[e.workId]
    onRollback(e.workId, e.reason)
  })
  return () => {
    offChanged()
    offRollback()
  }
}

/** The newest record entry made from this program (or for its episode), if any is still listed. */
export function recordEntryFor(program: CachedProgram): RecordEntry | undefined {
  let found: RecordEntry | undefined
  for (const e of records.entries) {
    if (e.kind !== 'record') continue
    const mine = e.programId === program.id || (program.episode !== null && e.episodeId === program.episode.id)
    if (mine && (!found || e.createdAt >= found.createdAt)) found = e
  }
  return found
}

/** A queued or failed deletion of that record (an undo after sending). */
export function deletionOf(entry: RecordEntry): OutboxEntry | undefined {
  return records.entries.find((e) => e.kind === 'delete' && e.target === entry.id)
}

/** A status change for the work that has not gone through (shown with Retry/Discard when failed). */
export function pendingStatusOf(workId: number): StatusEntry | undefined {
  return records.entries.findLast(
    (e): e is StatusEntry => e.kind === 'status' && e.workId === workId && e.state !== 'sent'
  )
}

/** Optimistic: the kind shows at once; the previous one returns on `status:rollback` or an error. */
export async function setStatus(
  workId: number,
  kind: StatusKind,
  onError: (reason: LocalizedText) => void
): Promise<void> {
  const before = records.statuses[workId]
  records.statuses[workId] = kind
  try {
    await invoke('status:set', { workId, kind })
  } catch (err) {
    if (before) records.statuses[workId] = before
    else delete records.statuses[workId]
    onError(asUserError(err).message)
  }
}
