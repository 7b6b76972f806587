/**
 * The app's updates: asks the feed at start and every six hours (when `shouldCheck` says so),
 * downloads in the background, keeps the state the tray and Settings → About show, and answers
 * their buttons. Talks to the feed only through an `UpdateDriver` (electron-updater in the shell).
 */
import { every, within, type Clock } from '../clock'
import type { UpdateAction, UpdateView } from '../../../shared/contract'
import {
  CHECK_TIMEOUT_MS,
  initialUpdateState,
  nextUpdateState,
  shouldCheck,
  updateOffer,
  type UpdateEvent,
  type UpdateMode,
  type UpdateState
} from './policy'
import { updateView } from './view'

/** How often the timer asks `shouldCheck`: a check missed while offline runs soon after. */
const TICK_MS = 15 * 60 * 1000

export interface FeedAnswer {
  /** The feed's version. */
  version: string
  /** Newer than the running one. */
  newer: boolean
  /** Where a manual copy's user downloads it (the feed's file for this kind of install). */
  url: string
}

export interface UpdateDriver {
  /** Asks the feed. */
  check(): Promise<FeedAnswer>
  /** Downloads what the last check found and verifies its sha512; rejects when it does not match. */
  download(): Promise<void>
  /** Quits the app and installs the downloaded version now. */
  restart(): void
  /** Forgets a check that never answered, so the next one starts afresh. */
  abandon(): void
}

export interface UpdateService {
  state(): UpdateState
  view(): UpdateView
  act(action: UpdateAction): Promise<UpdateView>
  /** Asks the feed if due; resolves when the check (and a download it started) has ended. */
  checkIfDue(): Promise<void>
  onChange(listener: (state: UpdateState) => void): () => void
  start(): void
  stop(): void
}

export interface UpdateDeps {
  clock: Clock
  mode: UpdateMode
  /** The running version (shown in About). */
  version: string
  online: () => boolean
  driver: UpdateDriver
  openExternal: (url: string) => Promise<void>
  timeZone: () => string | undefined
  /** A failed check or download, for the log (the user sees the status line). */
  onError: (message: string, error: unknown) => void
}

export function createUpdateService(deps: UpdateDeps): UpdateService {
  const { clock, driver } = deps
  let state = initialUpdateState(deps.mode)
  const listeners = new Set<(s: UpdateState) => void>()
  let stopTicking = () => {}

  const apply = (event: UpdateEvent): void => {
    state = nextUpdateState(state, event, clock.now())
    for (const listener of listeners) listener(state)
  }

  async function check(byUser: boolean): Promise<void> {
    if (!shouldCheck(state, clock.now(), deps.online(), byUser)) return
    apply({ type: 'checking' })
    let answer: FeedAnswer | 'timeout'
    try {
      answer = await within<FeedAnswer | 'timeout'>(clock, CHECK_TIMEOUT_MS, driver.check(), () => 'timeout')
    } catch (e) {
      deps.onError('the update check failed', e)
      return apply({ type: 'failed', why: 'check' })
    }
    if (answer === 'timeout') {
      driver.abandon()
      deps.onError('the update check failed', new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`))
      return apply({ type: 'failed', why: 'timeout' })
    }
    if (!answer.newer) return apply({ type: 'up-to-date' })
    if (state.mode.kind === 'manual') return apply({ type: 'available', version: answer.version, url: answer.url })
    apply({ type: 'downloading', version: answer.version })
    try {
      await driver.download()
      apply({ type: 'downloaded', version: answer.version })
    } catch (e) {
      // A file that does not match the feed's sha512 lands here: thrown away, nothing offered.
      deps.onError(`the download of ${answer.version} was refused`, e)
      apply({ type: 'failed', why: 'download' })
    }
  }

  const view = () => updateView(state, deps.version, { now: clock.now(), timeZone: deps.timeZone() })

  return {
    state: () => state,
    view,
    async act(action) {
      const offer = updateOffer(state)
      if (action === 'check') void check(true)
      else if (action === 'later') apply({ type: 'later' })
      else if (offer?.kind === 'restart' && action === 'restart') {
        apply({ type: 'later' })
        driver.restart()
      } else if (offer?.kind === 'download' && action === 'download') {
        apply({ type: 'later' })
        await deps.openExternal(offer.url)
      }
      return view()
    },
    checkIfDue: () => check(false),
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start() {
      void check(false)
      stopTicking = every(clock, TICK_MS, () => void check(false))
    },
    stop: () => stopTicking()
  }
}
