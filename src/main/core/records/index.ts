import type { SessionMonitor } from '../auth/monitor'
import type { Clock } from '../clock'
import type { MediaClient } from '../media/client'
import type { CorruptFileReport } from '../store/database'
import { createOutbox, type Outbox } from './outbox'
import { watchDocument } from '../store/watch'
import { outboxFileStore } from './store'
import { createWorksView, type WorksView } from './works'

/** What the `record:*`, `outbox:*`, `status:*` and `works:*` commands reach. */
export interface RecordsCore {
  outbox: Outbox
  works: WorksView
}

/**
 * The records feature as the app, the CLI and the daemon compose it: the outbox on `outbox.json`
 * and the works view, both over the account's current media client and its one session monitor.
 * The caller starts the outbox (`records.outbox.start()`) once it wants sending to begin; a
 * long-running process (the app, `onair run`) then calls `records.outbox.flush()` whenever the
 * network comes back or the user signs in again, to send what waits at once.
 */
export interface RecordsDeps {
  dataDir: string
  media: () => MediaClient
  monitor: SessionMonitor
  clock: Clock
  onCorrupt?: (r: CorruptFileReport) => void
  /** A store or timer failure the outbox survived. */
  onError?: (error: unknown) => void
}

export function openRecords(deps: RecordsDeps): RecordsCore {
  const outbox = createOutbox({
    store: outboxFileStore(deps.dataDir, deps.onCorrupt),
    media: deps.media,
    clock: deps.clock,
    monitor: deps.monitor,
    // What another process (a `record` in a terminal, the app) queues is seen at once.
    watch: (onChange) => watchDocument(deps.dataDir, 'outbox', onChange),
    onError: deps.onError
  })
  return { outbox, works: createWorksView(deps.media) }
}
