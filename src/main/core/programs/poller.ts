import type { LocalizedText } from '../../../shared/locale'
import type { ScheduleCache } from '../../../shared/schedule'
import type { Settings } from '../../../shared/settings'
import type { SessionMonitor } from '../auth/monitor'
import type { Clock, TimerHandle } from '../clock'
import { describeApiError, type ApiError } from '../http/errors'
import type { MediaClient } from '../media/client'
import { describeFileError } from '../file-errors'
import type { DocumentStore } from '../store/document'
import { wallClockCron, validateCron, type CronFactory, type CronTrigger } from './cron'
import { pollOnce, type PollResult } from './poll'

/** `idle` until the first poll of this run ends: what is shown meanwhile is the saved schedule. */
export type PollerState = 'idle' | 'ok' | 'offline' | 'error' | 'signed-out'

export interface PollerStatus {
  state: PollerState
  /** Why the last poll failed, in both languages; absent when it did not. */
  error?: LocalizedText
  lastSuccessAt: number | null
  /** When the next retry after a transient failure is due; null when none is planned. */
  retryAt: number | null
}

export interface PollerOptions {
  clock: Clock
  media: Pick<MediaClient, 'allPrograms'>
  monitor: SessionMonitor
  cache: DocumentStore<ScheduleCache>
  settings: () => Pick<Settings, 'poll' | 'reminders'>
  /** After every poll attempt (result) and every state change without one (null). */
  onChange: (status: PollerStatus, result: PollResult | null) => void
  /** In [0, 1); spreads cron ticks and retries so many clients do not arrive in the same second. */
  random?: () => number
  cron?: CronFactory
  /**
   * Asked at each poll while signed out, without waiting: whether another process signed in since
   * (the account reads the secrets again and says so through its own change events).
   */
  recheck?: () => void
}

export interface Poller {
  /** Starts the cron trigger and polls at once. */
  start(): Promise<PollerStatus>
  stop(): void
  /** On demand ("Refresh now"); joins a poll already running. */
  refresh(): Promise<PollerStatus>
  /** Back from sleep: the schedule may have moved meanwhile. */
  resume(): Promise<PollerStatus>
  /** The network returned: retry now rather than at the end of the BACKOFF. */
  networkBack(): Promise<PollerStatus>
  /** The cron expression may have changed. */
  reschedule(): void
  status(): PollerStatus
}

export const DEFAULT_CRON = '*/10 * * * *'
/**
 * On top of the media client's own quick GET retries (seconds): these are minutes apart, so a
 * service down for a while is asked again a few times, not hammered, and then the cron resumes.
 */
export const BACKOFF = { baseMs: 30_000, capMs: 5 * 60_000, maxRetries: 5 }
/** Cron ticks are spread over this much, so many clients do not arrive in the same second. */
const JITTER_MS = 5000

/**
 * Worth the backoff: what a 5xx is worth. An answer that does not parse or breaks the schema is
 * almost always a truncated or half-deployed response, gone a few minutes later, so it is asked
 * again on the same backoff rather than only at the next cron tick.
 */
const retryable = (e: ApiError): boolean => e.transient || e.kind === 'bad_response'

export function createPoller(opts: PollerOptions): Poller {
  const { clock, monitor, cache } = opts
  const random = opts.random ?? Math.random
  let status: PollerStatus = {
    state: monitor.state() === 'signed-out' ? 'signed-out' : 'idle',
    lastSuccessAt: null,
    retryAt: null
  }
  let inFlight: Promise<PollerStatus> | null = null
  let cron: CronTrigger | null = null
  let cronExpression = ''
  let jitterTimer: TimerHandle | null = null
  let retryTimer: TimerHandle | null = null
  let retries = 0
  let running = false

  const set = (next: PollerStatus, result: PollResult | null): PollerStatus => {
    status = next
    opts.onChange(status, result)
    return status
  }

  const clearRetry = (): void => {
    if (retryTimer) clock.clearTimeout(retryTimer)
    retryTimer = null
  }

  const unsubscribe = monitor.onSignedOut((e) => {
    clearRetry()
    set({ state: 'signed-out', error: e.reason, lastSuccessAt: status.lastSuccessAt, retryAt: null }, null)
  })

  function poll(): Promise<PollerStatus> {
    if (!running) return Promise.resolve(status)
    if (inFlight) return inFlight
    // Paused while signed out: a request would only earn another 401. Sign-in calls refresh().
    if (monitor.state() === 'signed-out') {
      clearRetry()
      opts.recheck?.()
      return Promise.resolve(
        status.state === 'signed-out' ? status : set({ ...status, state: 'signed-out', retryAt: null }, null)
      )
    }
    clearRetry()
    const current = run().then(({ next, result }) => {
      // Cleared before anyone hears of the outcome, so a trigger reacting to it is a new poll.
      inFlight = null
      return running ? set(next, result) : status
    })
    inFlight = current
    return current
  }

  async function run(): Promise<{ next: PollerStatus; result: PollResult | null }> {
    let result: PollResult
    try {
      result = await pollOnce({ media: opts.media, now: clock.now(), settings: opts.settings() })
    } catch (e) {
      // A bug, not the service: the saved schedule stays and the next trigger tries again.
      return { next: { ...status, state: 'error', error: unexpected(e), retryAt: null }, result: null }
    }
    if (!running) return { next: status, result }
    if (result.ok) {
      const now = clock.now()
      try {
        cache.write({ fetchedAt: new Date(now).toISOString(), programs: result.programs })
      } catch (e) {
        // The disk refused the saved schedule (full, read-only, a folder in its place): the user
        // is told which file and what to do, and the next trigger polls and tries again.
        const error = describeFileError(e) ?? unexpected(e)
        return { next: { ...status, state: 'error', error, retryAt: null }, result: null }
      }
      retries = 0
      return { next: { state: 'ok', lastSuccessAt: now, retryAt: null }, result }
    }
    const error = result.error
    monitor.report(error)
    const lastSuccessAt = status.lastSuccessAt
    if (error.kind === 'auth') {
      return { next: { state: 'signed-out', error: describeApiError(error), lastSuccessAt, retryAt: null }, result }
    }
    const state = error.kind === 'network' || error.kind === 'timeout' ? 'offline' : 'error'
    return {
      next: { state, error: describeApiError(error), lastSuccessAt, retryAt: planRetry(retryable(error)) },
      result
    }
  }

  function planRetry(transient: boolean): number | null {
    if (!transient || retries >= BACKOFF.maxRetries) return null
    const ceiling = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** retries)
    retries++
    // Half fixed, half random: never an immediate retry, never two clients in lockstep.
    const delay = Math.round(ceiling / 2 + random() * (ceiling / 2))
    retryTimer = clock.setTimeout(() => {
      retryTimer = null
      void poll()
    }, delay)
    return clock.now() + delay
  }

  function tick(): void {
    if (jitterTimer) return
    jitterTimer = clock.setTimeout(
      () => {
        jitterTimer = null
        void poll()
      },
      Math.floor(random() * JITTER_MS)
    )
  }

  function reschedule(): void {
    const wanted = opts.settings().poll.cron.trim()
    // The settings view validates before saving; a bad file on disk falls back to the default.
    const expression = validateCron(wanted).ok ? wanted : DEFAULT_CRON
    if (cron && expression === cronExpression) return
    cron?.stop()
    cronExpression = expression
    cron = (opts.cron ?? wallClockCron)(expression, tick)
  }

  return {
    start() {
      running = true
      reschedule()
      return poll()
    },
    stop() {
      running = false
      cron?.stop()
      cron = null
      clearRetry()
      if (jitterTimer) clock.clearTimeout(jitterTimer)
      jitterTimer = null
      unsubscribe()
    },
    refresh: poll,
    resume: poll,
    networkBack() {
      retries = 0
      return poll()
    },
    reschedule() {
      if (running) reschedule()
    },
    status: () => status
  }
}

function unexpected(e: unknown): LocalizedText {
  const message = e instanceof Error ? e.message : String(e)
  return { en: `Onair failed to read the schedule: ${message}`, ja: `番組表の読み込みに失敗しました: ${message}` }
}
