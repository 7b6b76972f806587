/**
 * What the app's updater does, decided without electron-updater: whether this copy updates itself
 * at all, when the feed is asked, and what the user is offered. `service.ts` applies the answers;
 * the shell (`shell/updater.ts`) only talks to electron-updater.
 */
import { serviceAddressProblem } from '../../../shared/service-address'

/** How often a running app asks the feed again (it also asks at start). */
export const CHECK_EVERY_MS = 6 * 60 * 60 * 1000
/**
 * A feed that has not answered by then is given up until the next check. Electron's `net`, which
 * electron-updater requests through, has no timeout of its own: a silent server would hold the
 * check (and every later one, which joins it) forever.
 */
export const CHECK_TIMEOUT_MS = 60_000

/** What the shell can see of how this copy was built and installed. */
export interface Installation {
  /** false under `electron-vite dev` / `electron .`: a development run never asks the feed. */
  packaged: boolean
  /** The feed the build names (electron-builder wrote `resources/app-update.yml` from `publish`). */
  feedUrl: string | undefined
  platform: string
  /** `resources/package-type` of a Linux package (deb, rpm, pacman); undefined otherwise. */
  packageType: string | undefined
  /** The AppImage's own path, which its runtime puts in APPIMAGE. */
  appImage: string | undefined
  /** Windows: the app's executable and the system's program folders (%ProgramFiles% and its twins). */
  execPath: string
  programFolders: readonly string[]
}

export type UpdateMode =
  /**
   * `insecure-feed`: a feed over plain http to another computer, where anyone on the way could
   * hand over another feed with its own sha512 (the service-address rule: https, or loopback).
   */
  | { kind: 'off'; why: 'development' | 'no-feed' | 'insecure-feed' }
  /** Downloaded in the background, installed when the app quits. */
  | { kind: 'auto' }
  /**
   * The copy cannot replace itself: a system package (the package manager owns its files), a
   * Windows install for all users (writing Program Files needs an administrator), or a folder
   * unpacked by hand. The feed is still asked, and the user told where the new version is.
   */
  | { kind: 'manual'; why: 'package' | 'per-machine' | 'portable' }

export function updateMode(i: Installation): UpdateMode {
  if (!i.packaged) return { kind: 'off', why: 'development' }
  if (!i.feedUrl) return { kind: 'off', why: 'no-feed' }
  if (serviceAddressProblem(i.feedUrl)) return { kind: 'off', why: 'insecure-feed' }
  if (i.platform === 'darwin') return { kind: 'auto' }
  if (i.platform === 'win32')
    return isUnder(i.execPath, i.programFolders) ? { kind: 'manual', why: 'per-machine' } : { kind: 'auto' }
  if (i.appImage) return { kind: 'auto' }
  return { kind: 'manual', why: i.packageType ? 'package' : 'portable' }
}

/** Windows paths compare without case, with either slash. */
function isUnder(path: string, folders: readonly string[]): boolean {
  const norm = (p: string) => p.replaceAll('/', '\\').replace(/\\+$/, '').toLowerCase()
  return folders.some((folder) => folder !== '' && norm(path).startsWith(`${norm(folder)}\\`))
}

export type UpdatePhase =
  /** Not asked yet, or the last answer was "nothing newer". */
  | { name: 'idle' }
  | { name: 'checking' }
  | { name: 'downloading'; version: string }
  /** Downloaded and verified: installed when the app quits. */
  | { name: 'ready'; version: string }
  /** A manual copy: a newer version is at `url`. */
  | { name: 'available'; version: string; url: string }
  /** The last check or download failed; nothing was installed. */
  | { name: 'failed'; why: 'timeout' | 'check' | 'download' }

export interface UpdateState {
  readonly mode: UpdateMode
  readonly phase: UpdatePhase
  /** When the last check ended (answered, failed or timed out); null before the first. */
  readonly lastCheckAt: number | null
  /** The version the user answered ("Later", or the restart): it is not offered again. */
  readonly answered: string | null
}

export const initialUpdateState = (mode: UpdateMode): UpdateState => ({
  mode,
  phase: { name: 'idle' },
  lastCheckAt: null,
  answered: null
})

/**
 * Whether to ask the feed now. Never with updates off or offline; one check or download at a
 * time (a second window's "Check now" joins the first); not again once an update waits for the
 * quit. The user's "Check now" skips the six hours, the timer does not.
 */
export function shouldCheck(state: UpdateState, now: number, online: boolean, byUser: boolean): boolean {
  if (state.mode.kind === 'off' || !online) return false
  const busy = ['checking', 'downloading', 'ready'].includes(state.phase.name)
  if (busy) return false
  return byUser || state.lastCheckAt === null || now - state.lastCheckAt >= CHECK_EVERY_MS
}

export type UpdateEvent =
  | { type: 'checking' }
  | { type: 'up-to-date' }
  | { type: 'downloading'; version: string }
  | { type: 'downloaded'; version: string }
  | { type: 'available'; version: string; url: string }
  | { type: 'failed'; why: 'timeout' | 'check' | 'download' }
  | { type: 'later' }

export function nextUpdateState(state: UpdateState, event: UpdateEvent, now: number): UpdateState {
  switch (event.type) {
    case 'checking':
      return { ...state, phase: { name: 'checking' } }
    case 'up-to-date':
      return { ...state, phase: { name: 'idle' }, lastCheckAt: now }
    case 'downloading':
      return { ...state, phase: { name: 'downloading', version: event.version }, lastCheckAt: now }
    case 'downloaded':
      return { ...state, phase: { name: 'ready', version: event.version } }
    case 'available':
      return { ...state, phase: { name: 'available', version: event.version, url: event.url }, lastCheckAt: now }
    case 'failed':
      // A download fails after its check ended: the check time stays the one it had.
      return {
        ...state,
        phase: { name: 'failed', why: event.why },
        lastCheckAt: event.why === 'download' ? state.lastCheckAt : now
      }
    case 'later': {
      const offered = updateOffer(state)
      return offered ? { ...state, answered: offered.version } : state
    }
  }
}

export type UpdateOffer = { kind: 'restart'; version: string } | { kind: 'download'; version: string; url: string }

/** What the tray and Settings → About offer: each version once, until the user answers. */
export function updateOffer(state: UpdateState): UpdateOffer | null {
  const { phase } = state
  if (phase.name === 'ready' && phase.version !== state.answered) return { kind: 'restart', version: phase.version }
  if (phase.name === 'available' && phase.version !== state.answered)
    return { kind: 'download', version: phase.version, url: phase.url }
  return null
}
