import { rmSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Personal files deleted at sign-out; settings (and the secrets store, which the session empties
 * itself) are kept. Features that keep personal data add their file here.
 */
export const PERSONAL_DATA_FILES = [
  'schedule.json',
  'ledger.json',
  'snoozes.json',
  'reminder-history.json',
  'premieres.json',
  'inbox.json'
] as const
/** Queued records: kept unless the user chose to discard them (they are sent after the next sign-in). */
export const OUTBOX_FILE = 'outbox.json'

export function personalDataWiper(dataDir: string) {
  return ({ discardOutbox }: { discardOutbox: boolean }): void => {
    const names: string[] = [...PERSONAL_DATA_FILES]
    if (discardOutbox) names.push(OUTBOX_FILE)
    for (const name of names) rmSync(join(dataDir, name), { force: true })
  }
}
