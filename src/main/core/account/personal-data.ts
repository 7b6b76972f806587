import { rmSync } from 'node:fs'
import { dataFile, personalDataFiles } from '../store/data-files'

/**
 * Personal files deleted at sign-out (store/data-files.ts says which); settings, and the secrets
 * store, which the session empties itself, are kept.
 */
export function personalDataWiper(dataDir: string) {
  return ({ discardOutbox }: { discardOutbox: boolean }): void => {
    for (const file of personalDataFiles(discardOutbox)) rmSync(dataFile(dataDir, file), { force: true })
  }
}
