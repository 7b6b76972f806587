import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ScheduleCacheSchema, type ScheduleCache } from '../../../shared/schedule'
import { jsonFileStore, writeAtomic, type CorruptFileReport, type DocumentStore } from '../store/json-file'
import { createLedger, type Ledger } from './ledger'

/** Both names are in the CLI's PERSONAL_DATA_FILES, so signing out wipes them. */
export const SCHEDULE_FILE = 'schedule.json'
export const LEDGER_FILE = 'ledger.json'

export const emptySchedule = (): ScheduleCache => ({ fetchedAt: null, programs: [] })

/** The last good schedule: what the app shows at start-up and offline. */
export function scheduleFileStore(
  dataDir: string,
  onCorrupt?: (r: CorruptFileReport) => void
): DocumentStore<ScheduleCache> {
  return jsonFileStore({
    path: join(dataDir, SCHEDULE_FILE),
    schema: ScheduleCacheSchema,
    defaults: emptySchedule,
    onCorrupt
  })
}

/**
 * The delivered ledger on disk. Its own parser already treats an unreadable file as empty, so it
 * is read as text; every change is written atomically before the notification goes out.
 */
export function ledgerFile(dataDir: string): Ledger {
  const path = join(dataDir, LEDGER_FILE)
  const json = existsSync(path) ? readFileSync(path, 'utf8') : null
  return createLedger((next) => writeAtomic(path, next), json)
}
