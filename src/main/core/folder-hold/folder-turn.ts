import type { Clock, TimerHandle } from '../clock'
import { FolderHeldError, holdFolder, type FolderHold, type HoldAttempt } from './folder-lock'

/** How often a standby app asks for the folder again. */
export const STANDBY_RETRY_MS = 30_000

/**
 * Whose turn it is to serve a data folder's reminders (and calendar feed): the one process
 * holding it (folder-lock.ts). When another process holds it, `refuse` makes `claim` throw
 * FolderHeldError (`onair run` exits 2 naming the holder); `standby` lets everything else run and
 * serves once the holder is gone. Absent: no hold (tests that own their folder).
 */
export interface HoldPolicy {
  face: 'app' | 'cli'
  whenHeld: 'refuse' | 'standby'
}

export interface FolderTurn {
  /**
   * Asks for the folder before anything starts, so that a refused process starts nothing. The
   * answer serves now, or stands by; services.ts calls it before starting the rest, so that what
   * fell due while nothing served is delivered first.
   */
  claim(): () => Promise<void>
  /** True while this process serves. */
  serving(): boolean
  /** No more standing by; the hold is kept until `release`. */
  stop(): void
  /** Only once no reminder can fire here any more may another process take over. */
  release(): void
}

export interface FolderTurnOptions {
  dataDir: string
  clock: Clock
  hold?: HoldPolicy
  /** What this process does while it holds the folder. */
  serve: () => Promise<void>
  /** Taken already: `onair run` holds the folder before it builds the rest (folder-reminders.ts). */
  held?: FolderHold
  onError?: (error: unknown) => void
}

export function folderTurn(o: FolderTurnOptions): FolderTurn {
  let held: FolderHold | undefined
  let standby: TimerHandle | undefined
  let stopped = false
  let given = o.held
  const take = (): HoldAttempt => {
    if (!o.hold) return { ok: true, hold: { release: () => {} } }
    return holdFolder(o.dataDir, { face: o.hold.face, now: o.clock.now() })
  }
  const serve = (hold: FolderHold): Promise<void> => {
    held = hold
    return o.serve()
  }
  const standBy = (): void => {
    standby = o.clock.setTimeout(() => {
      standby = undefined
      if (stopped) return
      const attempt = take()
      if (attempt.ok) void serve(attempt.hold)
      else standBy()
    }, STANDBY_RETRY_MS)
  }
  return {
    claim() {
      stopped = false
      const first: HoldAttempt = given ? { ok: true, hold: given } : take()
      given = undefined
      if (!first.ok && o.hold?.whenHeld === 'refuse') throw new FolderHeldError(first.holder)
      return async () => {
        if (first.ok) await serve(first.hold)
        else standBy()
      }
    },
    serving: () => held !== undefined,
    stop() {
      stopped = true
      if (standby) o.clock.clearTimeout(standby)
      standby = undefined
    },
    release() {
      held?.release()
      held = undefined
    }
  }
}
