import { lstatSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { systemClock } from '../clock'
import { TEMP_MARK } from './data-files'
import { pidGone } from './owner'

/**
 * Temporary files a killed writer left in the data folder (a crash between creating the temporary
 * file and renaming it over the real one). Nothing ever reads them as data: a store reads only
 * its own file name. They are removed when the folder is first opened by a process, but only the
 * orphans, never one another process is writing now.
 *
 * Who wrote a temporary file is in its name: Onair's writer puts its pid there
 * (atomic-write.ts: `<file>.tmp-<pid>-<16 hex>`), as its older writer did (`<file>.<pid>-<n>.tmp`);
 * conf's atomically, which Onair wrote through before, did not (`<file>.tmp-<10 digits><6 hex>`).
 * A temporary file is an orphan when its writer's process is gone, or when it has not changed for
 * ABANDONED_MS whoever wrote it: a write takes milliseconds, so that covers a writer of unknown
 * pid, a pid since reused, and a writer on another machine sharing the folder. (That machine's
 * pid is not checked here: were it gone from this one, the worst case is that its rename fails
 * and it reports the write as failed; what was saved before is untouched either way.)
 */
export const ABANDONED_MS = 60_000

const OURS = new RegExp(`${TEMP_MARK.replace('.', '\\.')}(\\d+)-[0-9a-f]{16}$`)
const OURS_BEFORE = /\.(\d+)-\d+\.tmp$/
const ATOMICALLY = new RegExp(`${TEMP_MARK.replace('.', '\\.')}\\d{10}[0-9a-f]{6}$`)

/** Undefined for a name that is no temporary file; else its writer's pid where the name says it. */
export function tempWriter(name: string): { pid?: number } | undefined {
  const pid = OURS.exec(name)?.[1] ?? OURS_BEFORE.exec(name)?.[1]
  if (pid !== undefined) return { pid: Number(pid) }
  return ATOMICALLY.test(name) ? {} : undefined
}

export function isOrphanTemp(name: string, ageMs: number, gone: (pid: number) => boolean): boolean {
  const writer = tempWriter(name)
  if (!writer) return false
  if (ageMs >= ABANDONED_MS) return true
  return writer.pid !== undefined && gone(writer.pid)
}

/** What earlier versions kept beside a document (a shortcut for reads); no version reads it now. */
const LEFTOVER = /\.json\.receipt$/

/** Removes the orphans in `dir` (a link is removed itself, never followed); returns their names. */
export function sweepOrphanTemps(dir: string, now: number, gone: (pid: number) => boolean = pidGone): string[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names) {
    const leftover = LEFTOVER.test(name)
    if (!leftover && !tempWriter(name)) continue
    const path = join(dir, name)
    try {
      const stats = lstatSync(path)
      if (stats.isDirectory() || !(leftover || isOrphanTemp(name, now - stats.mtimeMs, gone))) continue
      rmSync(path, { force: true })
      removed.push(name)
    } catch {
      // Gone already (another process swept it), or not ours to remove: a later start tries again.
    }
  }
  return removed
}

/** Folders whose orphaned temporary files this process has removed (once each, at the first open). */
const swept = new Set<string>()

/** The sweep, once per folder and process, when a store (json-file.ts) first opens a document there. */
export function sweepOnce(folder: string): void {
  if (swept.has(folder)) return
  swept.add(folder)
  // The system's time, whatever a store's clock says: it is compared with the files' own times.
  sweepOrphanTemps(folder, systemClock.now())
}
