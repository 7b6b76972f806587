import type { OutboxEntry, RecentRecord } from '../../../shared/records'

/**
 * Pure: the episodes the outbox holds a watched record of, whichever face queued it (a reminder,
 * a schedule row, the quick record, `onair record`, a link) and whether it is still waiting, sent
 * or failing. An undone record is not one: undone before sending it left the file, after sending
 * (or during) it waits for its delete. "Don't let me miss it" stops for these (reminders/repeats.ts).
 */
export function watchedEpisodes(outbox: {
  entries: readonly OutboxEntry[]
  recent: readonly RecentRecord[]
}): Set<number> {
  const undone = new Set(outbox.entries.flatMap((e) => (e.kind === 'delete' ? [e.target] : [])))
  const queued = outbox.entries.flatMap((e) => (e.kind === 'record' && !e.undoRequested ? [e] : []))
  return new Set([...queued, ...outbox.recent].filter((r) => !undone.has(r.id)).map((r) => r.episodeId))
}
