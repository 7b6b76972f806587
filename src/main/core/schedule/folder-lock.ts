import { readFileSync, rmSync } from 'node:fs'
import { hostname } from 'node:os'
import lockfile from 'proper-lockfile'
import type { LocalizedText } from '../../../shared/locale'
import { withFileLock } from '../store/file-lock'
import { writeAtomic } from '../store/atomic-write'
import { processGone } from '../store/owner'
import { dataFile } from '../store/data-files'

/**
 * One reminder daemon per data folder: the app and `onair run` hold the folder while they serve
 * reminders, so two of them never remind twice. The hold is proper-lockfile's lock on
 * `reminders.lock`, kept fresh by the library (its mtime every 30 s); who holds it is written
 * beside it in `reminders-holder.json` so a refused process can say who, and since when.
 *
 * A holder that died stops refreshing: after 60 s its lock is stale and the next taker breaks it.
 * On this machine there is no need to wait: a holder whose pid no longer exists is broken at once
 * (a daemon restarted right after a crash serves at once). Taking, breaking and naming the holder
 * happen under the short lock of the holder file, so two starters never both break one hold.
 */
export const HOLD_STALE_MS = 60_000

export interface FolderHolder {
  host: string
  pid: number
  /** `app` or `cli` (`onair run`). */
  face: string
  startedAt: number
}

export interface FolderHold {
  release(): void
}

export type HoldAttempt = { ok: true; hold: FolderHold } | { ok: false; holder: FolderHolder | null }

export interface HoldOptions {
  face: 'app' | 'cli'
  now: number
  /** The hold was taken from this process (it stood still longer than the stale time). */
  onLost?: (error: Error) => void
}

export function holdFolder(dataDir: string, opts: HoldOptions): HoldAttempt {
  const hold = dataFile(dataDir, 'hold')
  const holderFile = dataFile(dataDir, 'holder')
  const take = () =>
    lockfile.lockSync(hold, {
      lockfilePath: hold,
      realpath: false,
      stale: HOLD_STALE_MS,
      onCompromised: (e) => opts.onLost?.(e)
    })
  return withFileLock(holderFile, (): HoldAttempt => {
    let release: () => void
    try {
      release = take()
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e
      const holder = readHolder(holderFile)
      if (!holder || !processGone({ host: holder.host, pid: holder.pid, id: '' })) return { ok: false, holder }
      rmSync(hold, { recursive: true, force: true })
      release = take()
    }
    // Not thisProcess(): its random id, which a holder does not keep, would load Web Crypto (~2 ms
    // before a restarted daemon's first reminder).
    const holder: FolderHolder = { host: hostname(), pid: process.pid, face: opts.face, startedAt: opts.now }
    writeAtomic(holderFile, `${JSON.stringify(holder)}\n`)
    let released = false
    return {
      ok: true,
      hold: {
        release() {
          if (released) return
          released = true
          withFileLock(holderFile, () => {
            rmSync(holderFile, { force: true })
            try {
              release()
            } catch {
              // Already taken from us (see onLost): nothing of ours is left to remove.
            }
          })
        }
      }
    }
  })
}

/** Who serves the folder's reminders now; null when nobody does (or its holder died). */
export function currentHolder(dataDir: string): FolderHolder | null {
  const holder = readHolder(dataFile(dataDir, 'holder'))
  return holder && !processGone({ host: holder.host, pid: holder.pid, id: '' }) ? holder : null
}

/** Checked field by field: anything else in the file is not a holder. */
function readHolder(path: string): FolderHolder | null {
  try {
    const h = JSON.parse(readFileSync(path, 'utf8')) as Partial<Record<keyof FolderHolder, unknown>> | null
    const { host, pid, face, startedAt } = h ?? {}
    if (typeof host !== 'string' || !Number.isSafeInteger(pid) || typeof face !== 'string') return null
    return typeof startedAt === 'number' ? { host, pid: pid as number, face, startedAt } : null
  } catch {
    return null
  }
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
