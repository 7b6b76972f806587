import { existsSync } from 'node:fs'
import { hostname } from 'node:os'
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { LocalizedText } from '../../../shared/locale'
import { openDatabaseFile } from '../store/database'
import { dataFile } from '../store/data-files'
import { folderDocument } from '../store/document'

/**
 * One reminder daemon per data folder: the app and `onair run` hold the folder while they serve
 * reminders, so two of them never remind twice. The hold is SQLite's exclusive lock on
 * `reminders.hold` (a database only ever locked), kept by an open transaction for as long as the
 * process serves: the kernel releases it when the process ends, however it ends, so a daemon
 * restarted right after a crash serves at once, and a live holder, however long it stands still,
 * is never taken over. Who holds it is written in the folder's database (`holder`), so a refused
 * process can say who, and since when; `currentHolder` believes that note only while the lock is
 * really held.
 */
export const FolderHolder = z.object({
  host: z.string(),
  pid: z.int(),
  /** `app` or `cli` (`onair run`). */
  face: z.string(),
  startedAt: z.number()
})
export type FolderHolder = z.infer<typeof FolderHolder>

const HolderDoc = z.object({ holder: FolderHolder.nullable() })

export interface FolderHold {
  release(): void
}

export type HoldAttempt = { ok: true; hold: FolderHold } | { ok: false; holder: FolderHolder | null }

export interface HoldOptions {
  face: 'app' | 'cli'
  now: number
}

const holderDocument = (dataDir: string) =>
  folderDocument({ dataDir, name: 'holder', schema: HolderDoc, defaults: () => ({ holder: null }) })

/** The hold's lock, taken without waiting; null when another process has it. */
function lockHold(dataDir: string): DatabaseSync | null {
  const db = openDatabaseFile(dataFile(dataDir, 'hold'), dataDir)
  try {
    db.exec('PRAGMA busy_timeout = 0')
    db.exec('BEGIN EXCLUSIVE')
    return db
  } catch (e) {
    db.close()
    if ((e as { errcode?: number }).errcode === 5 /* SQLITE_BUSY */) return null
    throw e
  }
}

export function holdFolder(dataDir: string, opts: HoldOptions): HoldAttempt {
  const lock = lockHold(dataDir)
  const holders = holderDocument(dataDir)
  if (!lock) return { ok: false, holder: holders.read().holder }
  holders.write({ holder: { host: hostname(), pid: process.pid, face: opts.face, startedAt: opts.now } })
  let released = false
  return {
    ok: true,
    hold: {
      release() {
        if (released) return
        released = true
        holders.update((doc) => (doc.holder?.pid === process.pid ? { holder: null } : doc))
        lock.close()
      }
    }
  }
}

/** Who serves the folder's reminders now; null when nobody does (or its holder ended). */
export function currentHolder(dataDir: string): FolderHolder | null {
  if (!existsSync(dataFile(dataDir, 'hold'))) return null
  const probe = lockHold(dataDir)
  if (probe) {
    probe.close()
    return null
  }
  return holderDocument(dataDir).read().holder
}

/** A second daemon on a held folder. */
export class FolderHeldError extends Error {
  readonly userMessage: LocalizedText

  constructor(readonly holder: FolderHolder | null) {
    const text = describeHolder(holder)
    super(text.en)
    this.name = 'FolderHeldError'
    this.userMessage = text
  }
}

export function describeHolder(h: FolderHolder | null): LocalizedText {
  if (!h) {
    return {
      en: 'Another Onair is already serving reminders for this data folder. Stop it first, or use another --data-dir.',
      ja: '別の Onair がこのデータフォルダーのリマインダーをすでに担当しています。先にそちらを終了するか、別の --data-dir を指定してください。'
    }
  }
  const since = new Date(h.startedAt).toISOString()
  const who = {
    en: h.face === 'app' ? 'the Onair app' : '"onair run"',
    ja: h.face === 'app' ? 'Onair アプリ' : '「onair run」'
  }
  return {
    en: `Reminders for this data folder are already served by ${who.en} (pid ${h.pid} on ${h.host}, since ${since}). Stop it first, or use another --data-dir.`,
    ja: `このデータフォルダーのリマインダーは ${who.ja}（${h.host} の pid ${h.pid}、${since} から）が担当しています。先にそちらを終了するか、別の --data-dir を指定してください。`
  }
}
