import type { Locale } from '../../../shared/locale'
import type { CachedProgram, Delivery } from '../../../shared/schedule'
import type { Settings } from '../../../shared/settings'
import type { Clock } from '../clock'
import type { Notifier } from '../notify'
import type { CorruptFileReport } from '../store/database'
import type { ReminderStores } from './files'
import { deliveryEntries, historyReminder } from './history'
import type { PollResult } from '../programs/poll'
import type { PollerStatus } from '../programs/poller'
import { heldByQuietHours } from './planner'
import { describePremieres, duePremieres, premiereReminder } from './premieres'
import { describeDelivery } from './reminder-text'
import { actedOn } from './repeats'
import { createScheduler, GAP_HORIZON_MS, type Scheduler } from './scheduler'

/**
 * Reminders from the saved files to the notification: the stores, the scheduler and what each
 * delivery does (notify, tell, keep in the history). Nothing here needs the account: the reminder
 * service (reminders.ts) adds the polls, and `onair run` opens this part first, so that what fell
 * due while no daemon ran goes out before the account, the HTTP client, the inbox and the calendar
 * are even loaded (core/reminders/folder-reminders.ts).
 */
export interface ReminderDeliveryOptions {
  clock: Clock
  /** Read at every use, so a changed setting needs only a re-plan. */
  settings: () => Settings
  notifier: Notifier
  locale: () => Locale
  /** The episodes recorded watched in any process (the outbox), read at each plan: no repeats for them. */
  recorded?: () => ReadonlySet<number>
  /** A failed ledger write or notifier; the reminders keep running. */
  onError?: (error: unknown) => void
  /** A saved file could not be read and was moved aside. */
  onCorrupt?: (report: CorruptFileReport) => void
}

export type ReminderEvent =
  /** After each poll attempt (result) or a state change without one (result null). */
  | { type: 'status'; status: PollerStatus; result: PollResult | null }
  | { type: 'delivery'; delivery: Delivery; firedAt: number }
  /** Premieres announced at one moment, in one notice (premieres.ts); `onair run` prints them too. */
  | { type: 'premiere'; programs: CachedProgram[]; firedAt: number }
  /** Shown reminders of these broadcasts withdrawn: recorded elsewhere (withdraw.ts); `onair run` says so. */
  | { type: 'withdrawn'; programs: CachedProgram[]; at: number }

export interface ReminderDelivery {
  stores: ReminderStores
  scheduler: Scheduler
  /** Plans from the saved schedule: what is due, or fell due while nothing served, goes out now. */
  planSaved(): void
  /** Quiet hours hold a reminder silently: its time passing is when the history notes it. */
  noteQuietHolds(): void
  announcePremieres(): void
  /** A history that cannot be written is reported; what it is about goes ahead regardless. */
  keep(write: () => void): void
  /** The episodes recorded watched in any process of the folder (an unreadable outbox: none). */
  recordedEpisodes(): ReadonlySet<number>
  emit(event: ReminderEvent): void
  onChange(listener: (event: ReminderEvent) => void): () => void
}

/** `stores` are the folder's files (files.ts `reminderStores`), or memory stores in tests. */
export function openReminderDelivery(opts: ReminderDeliveryOptions, stores: ReminderStores): ReminderDelivery {
  const { clock } = opts
  const { cache, ledger, snoozes, history, premieres } = stores
  const onError = opts.onError ?? (() => {})
  const listeners = new Set<(event: ReminderEvent) => void>()
  const emit = (event: ReminderEvent): void => {
    for (const listener of [...listeners]) listener(event)
  }
  const keep = (write: () => void): void => {
    try {
      write()
    } catch (error) {
      onError(error)
    }
  }
  /** An outbox that cannot be read is reported; the repeats then follow the history alone. */
  const recordedEpisodes = (): ReadonlySet<number> => {
    let recorded: ReadonlySet<number> = new Set()
    keep(() => void (recorded = opts.recorded?.() ?? recorded))
    return recorded
  }

  const scheduler = createScheduler({
    clock,
    ledger,
    settings: () => opts.settings().reminders,
    snoozes,
    onError,
    onRepeat: (repeats, at) =>
      keep(() => history.add([{ at, outcome: 'repeat', reminders: repeats.map(historyReminder) }], at)),
    acted: () => actedOn(history.read().entries, recordedEpisodes()),
    deliver(delivery) {
      const firedAt = clock.now()
      // Told first (`onair run`'s line, a write to stdout), then shown (notify-send is a process to
      // start), then kept in the history (an fsync): a process killed after the ledger's claim
      // loses the reminder, so as little as possible comes between the claim and the first word.
      emit({ type: 'delivery', delivery, firedAt })
      const s = opts.settings()
      opts.notifier.show(
        describeDelivery(delivery, { locale: opts.locale(), timeZone: s.reminders.timeZone, now: firedAt })
      )
      keep(() => history.add(deliveryEntries(delivery, firedAt), firedAt))
    }
  })

  return {
    stores,
    scheduler,
    planSaved: () => scheduler.update(cache.read().programs),
    noteQuietHolds() {
      const now = clock.now()
      const held = heldByQuietHours(cache.read().programs, opts.settings().reminders, ledger.delivered())
      keep(() =>
        history.holdQuiet(
          held.filter((r) => r.fireAt <= now && r.fireAt > now - GAP_HORIZON_MS),
          now
        )
      )
    },
    /**
     * Checked after each good poll and every minute, so a premiere held by quiet hours goes out as
     * they end. What is due is claimed first: another process of the folder may have announced some.
     */
    announcePremieres() {
      const now = clock.now()
      const s = opts.settings().reminders
      keep(() => {
        const programs = premieres.claim(duePremieres(cache.read().programs, s, premieres.announced(), now), now)
        const notice = describePremieres(programs, { locale: opts.locale(), timeZone: s.timeZone, now })
        if (!notice) return
        // Told first, then shown, then kept in the history, as a reminder is.
        emit({ type: 'premiere', programs, firedAt: now })
        opts.notifier.show(notice)
        keep(() =>
          history.add(
            programs.map((p) => ({ at: now, outcome: 'premiere', reminders: [premiereReminder(p, now)] })),
            now
          )
        )
      })
    },
    keep,
    recordedEpisodes,
    emit,
    onChange(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    }
  }
}
