import type { CatchUpCache } from '../../../shared/catch-up'
import { catchUpEpisodes } from '../../../shared/catch-up-list'
import type { CatchUpView } from '../../../shared/contract/catch-up'
import type { LocalizedText } from '../../../shared/locale'
import type { Settings } from '../../../shared/settings'
import type { SessionMonitor } from '../auth/monitor'
import type { Clock } from '../clock'
import { describeFileError } from '../file-errors'
import { describeApiError } from '../http/errors'
import type { MediaClient } from '../media/client'
import type { DocumentStore } from '../store/document'
import { emptyCatchUp } from './file'
import { fetchCatchUp } from './fetch'

/**
 * The catch-up list as a feature: refreshed after each good poll of the schedule and on demand,
 * saved to catch-up.json (so the window, the tray and `onair catch-up --from-cache` have it
 * offline), and shown without what the outbox holds a record of, so a Watched takes an episode
 * off at once and an undo puts it back.
 */
export interface CatchUpDeps {
  clock: Clock
  media: () => Pick<MediaClient, 'allPrograms'>
  monitor: SessionMonitor
  cache: DocumentStore<CatchUpCache>
  settings: () => Pick<Settings, 'catchUp'>
  /** The episodes the outbox holds a watched record of (records/watched-episodes.ts). */
  recorded: () => ReadonlySet<number>
}

export interface CatchUpService {
  view(): CatchUpView
  /** How many episodes the list shows now: the tray's count. */
  count(): number
  /** Asks the service; a refresh already running is joined. Failures are in the view's `error`. */
  refresh(): Promise<CatchUpView>
  /** Something the view is made of changed (the outbox, the file written by another process). */
  changed(): void
  /** After a sign-out: the list is forgotten (its file is already deleted). */
  reset(): void
  onChange(listener: (view: CatchUpView) => void): () => void
}

type State = Pick<CatchUpView, 'state' | 'error'>

export function createCatchUp(deps: CatchUpDeps): CatchUpService {
  const listeners = new Set<(view: CatchUpView) => void>()
  let state: State = { state: 'idle' }
  let inFlight: Promise<CatchUpView> | null = null

  const view = (): CatchUpView => {
    const { fetchedAt, days, programs } = deps.cache.read()
    return {
      fetchedAt,
      days,
      ...state,
      programs: catchUpEpisodes(programs, deps.recorded())
    }
  }
  const tell = (): CatchUpView => {
    const v = view()
    for (const listener of [...listeners]) listener(v)
    return v
  }

  async function run(): Promise<State> {
    if (deps.monitor.state() === 'signed-out') return { state: 'signed-out' }
    const now = deps.clock.now()
    const days = deps.settings().catchUp.days
    const result = await fetchCatchUp({ media: deps.media(), now, days })
    if (!result.ok) {
      deps.monitor.report(result.error)
      const kind = result.error.kind
      const failed = kind === 'auth' ? 'signed-out' : kind === 'network' || kind === 'timeout' ? 'offline' : 'error'
      return { state: failed, error: describeApiError(result.error) }
    }
    try {
      deps.cache.write({ fetchedAt: new Date(now).toISOString(), days, programs: result.programs })
    } catch (e) {
      return { state: 'error', error: describeFileError(e) ?? unexpected(e) }
    }
    return { state: 'ok' }
  }

  return {
    view,
    count: () => view().programs.length,
    refresh() {
      inFlight ??= run()
        .catch((e: unknown): State => ({ state: 'error', error: unexpected(e) }))
        .then((next) => {
          inFlight = null
          state = next
          return tell()
        })
      return inFlight
    },
    changed: () => void tell(),
    reset() {
      const saved = deps.cache.read()
      // After a sign-out the file is gone already: writing the empty list would make it again.
      if (saved.fetchedAt !== null || saved.programs.length > 0) deps.cache.write(emptyCatchUp(saved.days))
      state = { state: 'idle' }
      tell()
    },
    onChange(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    }
  }
}

function unexpected(e: unknown): LocalizedText {
  const message = e instanceof Error ? e.message : String(e)
  return {
    en: `Onair failed to read the catch-up list: ${message}`,
    ja: `見逃した放送の一覧の読み込みに失敗しました: ${message}`
  }
}
