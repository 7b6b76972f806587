import type { ScheduleView } from '../../../shared/contract/schedule'
import type { HistoryEntry } from '../../../shared/reminder-history'
import type { ScheduleCache } from '../../../shared/schedule'
import { DEFAULT_SNOOZE, type SnoozeChoice } from '../../../shared/snooze-choice'
import type { SessionMonitor } from '../auth/monitor'
import type { TimerHandle } from '../clock'
import type { MediaClient } from '../media/client'
import { watchDocument } from '../store/watch'
import type { CronFactory } from '../programs/cron'
import { emptySchedule } from '../programs/schedule-file'
import { reminderStores } from './files'
import { remindedOf } from './history'
import { createPoller, type PollerStatus } from '../programs/poller'
import {
  openReminderDelivery,
  type ReminderDelivery,
  type ReminderDeliveryOptions,
  type ReminderEvent
} from './reminder-delivery'
import type { SnoozeResult } from './snoozes'
import type { ReminderRef } from '../notify'
import { choicesOf, pressSnooze } from './snooze-press'
import { trayState, type TrayState } from '../tray/tray-state'
import { createWithdrawer } from './withdraw'

/**
 * Reminders as one service: poll → cache → plan → timers → ledger → notification. The Electron
 * shell, the headless daemon and the tests all run this same composition; only the notifier and
 * the clock differ. From the plan on it is reminder-delivery.ts; this file adds the polls, the
 * watchdog and what the user does with a reminder.
 */
export interface ReminderServiceOptions extends ReminderDeliveryOptions {
  media: Pick<MediaClient, 'allPrograms' | 'listPrograms'>
  monitor: SessionMonitor
  random?: () => number
  cron?: CronFactory
  /** The folder of reminders/files.ts. */
  dataDir: string
  /** Asked at each poll while signed out (poller.ts `recheck`). */
  recheck?: () => void
  /** Opened already (`onair run` delivers what fell due before it builds the account); else opened here. */
  delivery?: ReminderDelivery
}

export interface ReminderService {
  /** Plans from the saved schedule at once (offline start), then polls. */
  start(): Promise<PollerStatus>
  stop(): void
  schedule(): ScheduleCache
  /** What the schedule window shows (`schedule:get`). */
  snapshot(): ScheduleView
  tray(): TrayState
  refresh(): Promise<PollerStatus>
  /** Back from sleep: re-plan now (missed reminders summarised), then poll. */
  resume(): Promise<PollerStatus>
  networkBack(): Promise<PollerStatus>
  /** Lead times, quiet hours, mutes or the poll schedule changed. */
  settingsChanged(): void
  /** After a sign-out the user chose: forget the schedule (its file is already deleted). */
  reset(): void
  /**
   * "Snooze" on a reminder: it comes back at the time `choice` says (5 minutes by default; a
   * choice whose moment has passed means the default), persisted, so whichever process serves
   * the folder's reminders then (this one, or `onair run` while this app stands by) delivers it
   * once. Pressed again, on the same or the returned notification: the last press wins, still one.
   */
  snooze(ref: ReminderRef, choice?: SnoozeChoice): SnoozeResult
  /** The snooze choices that apply to this reminder now (none once its broadcast left the schedule). */
  snoozeChoices(ref: ReminderRef): SnoozeChoice[]
  /** What became of the reminders this week (history.ts); read by the window and `onair reminders`. */
  history(): HistoryEntry[]
  /** Watched pressed on a reminder (`recordId`: the outbox record it queued), or its notification clicked: kept in the history. */
  actedOn(ref: ReminderRef, outcome: 'watched' | 'opened', recordId?: string): void
  /**
   * An outbox record undone within its undo window, from any view or process: if a reminder's
   * Watched queued it, the history says `undone` and the reminder may be acted on (and repeated) again.
   */
  recordUndone(recordId: string): void
  onChange(listener: (event: ReminderEvent) => void): () => void
}

/** How often the wall clock is compared with the timer's idea of it. */
export const WATCHDOG_MS = 60_000
/** Drift beyond this is a clock jump (NTP, manual change) or a sleep the shell did not report. */
const JUMP_TOLERANCE_MS = 5_000

export function createReminderService(opts: ReminderServiceOptions): ReminderService {
  const { clock, monitor } = opts
  const delivery = opts.delivery ?? openReminderDelivery(opts, reminderStores(opts.dataDir, opts.onCorrupt))
  const { cache, snoozes, history } = delivery.stores
  const { scheduler, emit, keep, noteQuietHolds, announcePremieres } = delivery
  /** What the scheduler planned from before a poll: a broadcast the poll leaves out was recorded elsewhere. */
  let known = cache.read().programs

  const poller = createPoller({
    clock,
    media: opts.media,
    monitor,
    cache,
    settings: opts.settings,
    random: opts.random,
    cron: opts.cron,
    recheck: opts.recheck,
    onChange(status, result) {
      // Only a good poll changes what is planned: a failure keeps the saved schedule.
      if (result?.ok) {
        withdrawer.afterPoll(known, result)
        known = cache.read().programs
        scheduler.update(known)
        withdrawer.arm()
      }
      emit({ type: 'status', status, result })
      // After the poll is told: a premiere is news from this poll, not a reminder that fell due.
      if (result?.ok) announcePremieres()
    }
  })

  const withdrawer = createWithdrawer({
    clock,
    media: opts.media,
    cache,
    snoozes,
    history,
    notifier: opts.notifier,
    scheduler,
    recorded: delivery.recordedEpisodes,
    lastPollAt: () => poller.status().lastSuccessAt,
    keep,
    onWithdrawn: (programs, at) => emit({ type: 'withdrawn', programs, at })
  })
  // A delivery may bring its repeats into the plan: the check before them follows.
  delivery.onChange((e) => void (e.type === 'delivery' && withdrawer.arm()))

  // A snooze pressed in another process (the app standing by while `onair run` serves) is seen at
  // once through the folder's watch, else within a minute by the watchdog; unchanged, it costs a stat.
  let seenSnoozes = snoozes.read()
  const checkSnoozes = (): void => {
    const doc = snoozes.read()
    if (doc === seenSnoozes) return
    seenSnoozes = doc
    scheduler.replan()
    withdrawer.arm()
  }
  let unwatchSnoozes: (() => void) | null = null

  let watchdog: TimerHandle | null = null
  function watch(expected: number): void {
    watchdog = clock.setTimeout(() => {
      checkSnoozes()
      noteQuietHolds()
      announcePremieres()
      const now = clock.now()
      if (Math.abs(now - expected) > JUMP_TOLERANCE_MS) {
        scheduler.replan()
        // Far ahead looks like a sleep: what was fetched before it may have moved.
        if (now - expected > WATCHDOG_MS) void poller.resume()
      }
      watch(now + WATCHDOG_MS)
    }, WATCHDOG_MS)
  }

  function noteAction(
    ref: ReminderRef,
    outcome: 'watched' | 'opened',
    at: number,
    extra: Pick<HistoryEntry, 'recordId'> = {}
  ): void {
    keep(() => {
      const reminded = remindedOf(ref, cache.read().programs, history.read())
      if (reminded) history.add([{ at, outcome, reminders: [reminded], ...extra }], at)
    })
  }

  function noteUndone(recordId: string): void {
    keep(() => {
      const watched = history.read().entries.find((e) => e.outcome === 'watched' && e.recordId === recordId)
      if (!watched) return
      const now = clock.now()
      history.add([{ at: now, outcome: 'undone', reminders: watched.reminders, recordId }], now)
      // Its repeats count it as never pressed: plan them again.
      scheduler.replan()
    })
  }

  const channels = () => opts.settings().reminders.channels

  const snapshot = (): ScheduleView => {
    const { fetchedAt, programs } = cache.read()
    const status = poller.status()
    return {
      fetchedAt,
      offline: status.state !== 'ok',
      state: status.state,
      ...(status.error ? { error: status.error } : {}),
      programs
    }
  }

  return {
    start() {
      delivery.planSaved()
      known = cache.read().programs
      withdrawer.arm()
      noteQuietHolds()
      announcePremieres()
      watch(clock.now() + WATCHDOG_MS)
      unwatchSnoozes = watchDocument(opts.dataDir, 'snoozes', checkSnoozes)
      return poller.start()
    },
    stop() {
      poller.stop()
      scheduler.stop()
      withdrawer.stop()
      if (watchdog) clock.clearTimeout(watchdog)
      watchdog = null
      unwatchSnoozes?.()
      unwatchSnoozes = null
    },
    schedule: () => cache.read(),
    snapshot,
    tray() {
      const status = poller.status()
      return trayState({
        signedIn: monitor.state() === 'signed-in' && status.state !== 'signed-out',
        pollState: status.state === 'signed-out' ? 'idle' : status.state,
        programs: cache.read().programs,
        now: clock.now(),
        channels: opts.settings().reminders.channels
      })
    },
    refresh: () => poller.refresh(),
    resume() {
      scheduler.replan()
      return poller.resume()
    },
    networkBack: () => poller.networkBack(),
    settingsChanged() {
      scheduler.replan()
      poller.reschedule()
      emit({ type: 'status', status: poller.status(), result: null })
    },
    reset() {
      // After a sign-out the file is gone already: writing the empty schedule would make it again.
      const { fetchedAt, programs } = cache.read()
      if (fetchedAt !== null || programs.length > 0) cache.write(emptySchedule())
      scheduler.update([])
      emit({ type: 'status', status: poller.status(), result: null })
    },
    snooze(ref, choice = DEFAULT_SNOOZE) {
      const result = pressSnooze(delivery.stores, channels(), ref, choice, clock.now(), keep)
      if (!result.ok) return result
      // Serving here: the timer now waits for it too. Standing by: a no-op, the holder delivers it.
      scheduler.replan()
      withdrawer.arm()
      return result
    },
    snoozeChoices: (ref) => choicesOf(ref, delivery.stores, channels(), clock.now()),
    history: () => history.read().entries,
    actedOn: (ref, outcome, recordId) => noteAction(ref, outcome, clock.now(), recordId ? { recordId } : {}),
    recordUndone: noteUndone,
    onChange: delivery.onChange
  }
}
