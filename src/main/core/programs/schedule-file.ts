import { ScheduleCacheSchema, type ScheduleCache } from '../../../shared/schedule'
import { folderDocument, type DocumentStore } from '../store/document'
import type { CorruptFileReport } from '../store/database'

/*
 * schedule.json apart from the reminders' other files (files.ts): `onair upcoming --from-cache`
 * reads it without building their schemas.
 */

/** The schedule before any poll: what a folder without schedule.json shows. */
export const emptySchedule = (): ScheduleCache => ({ fetchedAt: null, programs: [] })

/** The last good schedule: what the app shows at start-up and offline. */
export function scheduleFileStore(
  dataDir: string,
  onCorrupt?: (r: CorruptFileReport) => void
): DocumentStore<ScheduleCache> {
  return folderDocument({
    dataDir,
    name: 'schedule',
    schema: ScheduleCacheSchema,
    defaults: emptySchedule,
    onCorrupt,
    lossNote: { en: 'The schedule is fetched again from the service.', ja: '番組表はサービスから取得し直します。' }
  })
}
