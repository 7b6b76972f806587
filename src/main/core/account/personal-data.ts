import { rmSync } from 'node:fs'
import { dataFile, personalDataFiles, receiptOf } from '../store/data-files'

/**
 * Personal files deleted at sign-out (store/data-files.ts says which); settings, and the secrets
 * store, which the session empties itself, are kept. A file's receipt goes with it: it would
 * vouch for nothing (no file), but is no use left behind.
 */
export function personalDataWiper(dataDir: string) {
  return ({ discardOutbox }: { discardOutbox: boolean }): void => {
    for (const file of personalDataFiles(discardOutbox)) {
      rmSync(dataFile(dataDir, file), { force: true })
      rmSync(receiptOf(dataFile(dataDir, file)), { force: true })
    }
  }
}
