import type { Handlers } from '../../../shared/contract'
import type { Outbox } from './outbox'
import type { WorksView } from './works'

/** The `record:*`, `outbox:*`, `status:*` and `works:*` handlers. */
export interface RecordsCore {
  outbox: Outbox
  works: WorksView
}

type RecordsCommand = Extract<
  keyof Handlers,
  `record:${string}` | `outbox:${string}` | `status:${string}` | `works:${string}`
>

/**
 * `removed`: a record undone within its undo window, whichever view undid it; the reminders'
 * history hears of it (a reminder's Watched may have queued it).
 */
export function recordsHandlers(
  records: RecordsCore,
  removed: (id: string) => void = () => {}
): Pick<Handlers, RecordsCommand> {
  // Every handler answers a promise, also those whose work is synchronous (a throw is a rejection).
  const use = async <T>(fn: (r: RecordsCore) => Promise<T> | T): Promise<T> => fn(records)
  const undo = (id: string) => {
    const outcome = records.outbox.undo(id)
    if (outcome === 'removed') removed(id)
    return { outcome }
  }
  return {
    'record:create': (input) => use((r) => r.outbox.record(input)),
    'record:undo': ({ id }) => use(() => undo(id)),
    'record:edit': ({ id, ...changes }) => use((r) => r.outbox.edit(id, changes)),
    'record:delete': ({ id }) => use(() => undo(id)),
    'outbox:list': () => use((r) => ({ entries: r.outbox.entries(), recent: r.outbox.recent() })),
    'outbox:retry': ({ id }) => use((r) => r.outbox.retry(id)),
    'outbox:discard': ({ id }) => use((r) => r.outbox.discard(id)),
    'status:set': ({ workId, kind }) =>
      use((r) => {
        const previous = r.works.previousStatus(workId)
        const entry = r.outbox.setStatus(workId, kind, previous)
        // Optimistic: the next change of this work rolls back to this one.
        r.works.remember(workId, kind)
        return { entry, ...(previous ? { previous } : {}) }
      }),
    'works:list': (query) => use((r) => r.works.list(query))
  }
}
