import type { Settings } from '../../../shared/settings'
import type { SessionMonitor } from '../auth/monitor'
import type { Clock } from '../clock'
import type { MediaClient } from '../media/client'
import type { Outbox } from '../records/outbox'
import { watchedEpisodes } from '../records/watched-episodes'
import type { CorruptFileReport } from '../store/database'
import { watchDocument } from '../store/watch'
import { catchUpFileStore } from './file'
import { createCatchUp, type CatchUpService } from './service'

export interface CatchUpFeature extends CatchUpService {
  /** Follows the outbox and catch-up.json (written by another process); returns the stop. */
  follow(): () => void
}

/** The catch-up list over a data folder and the folder's outbox, for the app and `onair run`. */
export function openCatchUp(deps: {
  dataDir: string
  clock: Clock
  media: () => Pick<MediaClient, 'allPrograms'>
  monitor: SessionMonitor
  settings: () => Pick<Settings, 'catchUp'>
  outbox: Pick<Outbox, 'entries' | 'recent' | 'onChange'>
  onCorrupt?: (r: CorruptFileReport) => void
}): CatchUpFeature {
  const { outbox } = deps
  const service = createCatchUp({
    ...deps,
    cache: catchUpFileStore(deps.dataDir, deps.onCorrupt),
    recorded: () => watchedEpisodes({ entries: outbox.entries(), recent: outbox.recent() })
  })
  return {
    ...service,
    follow() {
      const stops = [
        outbox.onChange(() => service.changed()),
        watchDocument(deps.dataDir, 'catchUp', () => service.changed())
      ]
      return () => stops.forEach((stop) => stop())
    }
  }
}
