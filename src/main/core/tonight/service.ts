import type { Locale } from '../../../shared/locale'
import type { CachedProgram, ScheduleCache } from '../../../shared/schedule'
import type { Settings } from '../../../shared/settings'
import type { Clock, TimerHandle } from '../clock'
import type { NativeNotification, Notifier } from '../notify'
import type { Ledger } from '../reminders/ledger'
import type { DocumentStore } from '../store/document'
import { tonightMoments, tonightPrograms } from './list'
import { describeTonight } from './notice'

/**
 * "Tonight's list" as a timer: in the process serving the folder's reminders, one notice per
 * broadcast day at the time the user chose (late, with what is left, when nothing served then).
 * The day is claimed in the delivered-reminders ledger first (`tonight:<day>`), in one
 * transaction, so of the app and `onair run` only one shows it, and never twice in a day.
 */
export interface TonightDeps {
  clock: Clock
  settings: () => Pick<Settings, 'tonight' | 'ui' | 'reminders'>
  schedule: DocumentStore<ScheduleCache>
  ledger: Ledger
  notifier: Notifier
  locale: () => Locale
  onError?: (error: unknown) => void
}

export interface TonightEvent {
  day: string
  programs: CachedProgram[]
  firedAt: number
  /** What was shown, in the user's language. */
  notice: NativeNotification
}

export interface TonightService {
  start(): void
  stop(): void
  /** The settings changed, a poll came in, or the clock jumped (a sleep): the timer is set again. */
  replan(): void
  onShown(listener: (event: TonightEvent) => void): () => void
}

/** The ledger keeps a key for its start; the notice's own moment stands in for it. */
export const tonightKey = (day: string): string => `tonight:${day}`

export function createTonight(deps: TonightDeps): TonightService {
  const { clock } = deps
  const listeners = new Set<(event: TonightEvent) => void>()
  let timer: TimerHandle | null = null
  let running = false

  function show(day: string, due: number): void {
    const now = clock.now()
    const settings = deps.settings()
    const schedule = deps.schedule.read()
    // Nothing fetched yet (a new folder before its first poll): the day is not spent on an empty list.
    if (schedule.fetchedAt === null) return
    if (deps.ledger.claim([{ key: tonightKey(day), startedAt: new Date(due).toISOString() }], now).length === 0) return
    const programs = tonightPrograms(schedule.programs, settings, now)
    const notice = describeTonight(programs, {
      locale: deps.locale(),
      timeZone: settings.reminders.timeZone,
      now,
      day,
      channels: settings.reminders.channels,
      ui: settings.ui
    })
    if (!notice) return
    for (const listener of [...listeners]) listener({ day, programs, firedAt: now, notice })
    deps.notifier.show(notice)
  }

  function plan(): void {
    if (timer) clock.clearTimeout(timer)
    timer = null
    if (!running || !deps.settings().tonight.enabled) return
    const now = clock.now()
    const { day, due, next } = tonightMoments(now, deps.settings())
    let wake = next
    if (due > now) wake = due
    else if (!deps.ledger.delivered().has(tonightKey(day))) {
      try {
        show(day, due)
      } catch (e) {
        deps.onError?.(e)
      }
    }
    timer = clock.setTimeout(plan, Math.max(0, wake - now))
  }

  return {
    start() {
      running = true
      plan()
    },
    stop() {
      running = false
      plan()
    },
    replan: plan,
    onShown(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    }
  }
}
