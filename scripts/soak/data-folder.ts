import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * The soak's data folder. It is made in the temp dir, which `npm test` gives the soak and deletes
 * when the run ends, so a failed run's folder (the evidence: outbox, ledger, history, locks) is
 * copied out of it to `.soak-failures/<time>-<random>/` in the repository (git and the linters
 * ignore it); a clean run leaves nothing anywhere.
 */
export const FAILURES_DIR = resolve(import.meta.dirname, '../../.soak-failures')

export interface SoakFolder {
  dataDir: string
  /** Removes the folder; after a failed run, first keeps a copy and returns where (null: none kept). */
  finish(failed: boolean): string | null
}

/** `under`: where the run's folder is made; `keepIn`: where a failed run's copy goes. */
export function soakFolder({ under = tmpdir(), keepIn = FAILURES_DIR } = {}): SoakFolder {
  const folder = mkdtempSync(join(under, 'onair-soak-'))
  const dataDir = join(folder, 'data')
  mkdirSync(dataDir, { recursive: true })
  return {
    dataDir,
    finish(failed) {
      if (!failed) {
        rmSync(folder, { recursive: true, force: true })
        return null
      }
      try {
        mkdirSync(keepIn, { recursive: true })
        const kept = join(mkdtempSync(join(keepIn, `${new Date().toISOString().replace(/[:.]/g, '-')}-`)), 'data')
        cpSync(dataDir, kept, { recursive: true })
        rmSync(folder, { recursive: true, force: true })
        return kept
      } catch {
        // Could not copy (a full disk?): the original stays where it is, and that is what to look at.
        return dataDir
      }
    }
  }
}
