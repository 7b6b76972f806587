import { CatchUpCacheSchema, type CatchUpCache } from '../../../shared/catch-up'
import type { CorruptFileReport } from '../store/database'
import { folderDocument, type DocumentStore } from '../store/document'

/** The list before any refresh: nothing fetched, for the window the settings ask for. */
export const emptyCatchUp = (days = 7): CatchUpCache => ({ fetchedAt: null, days, programs: [] })

/** The last good catch-up list: what the window, the tray and `onair catch-up --from-cache` show offline. */
export function catchUpFileStore(
  dataDir: string,
  onCorrupt?: (r: CorruptFileReport) => void
): DocumentStore<CatchUpCache> {
  return folderDocument({
    dataDir,
    name: 'catchUp',
    schema: CatchUpCacheSchema,
    defaults: () => emptyCatchUp(),
    onCorrupt,
    lossNote: {
      en: 'The catch-up list is fetched again from the service.',
      ja: '見逃した放送の一覧はサービスから取得し直します。'
    }
  })
}
