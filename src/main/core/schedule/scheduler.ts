import type { Clock, TimerHandle } from '../clock'
import type { CachedProgram, Delivery, Reminder, ReminderSettings } from '../../../shared/schedule'
import type { Ledger } from './ledger'
import { byFireAtThenKey, groupDue, isSuppressed, plan } from './planner'

/**
 * setTimeout counts elapsed monotonic time, not wall time: it does not see a wall-clock jump, on
 * most systems it does not count time spent suspended, and past 2^31-1 ms Node fires at once. So
 * no timer waits longer than this; on waking it re-reads the clock and re-arms for what is left.
 * Kept under the default grace period so that even a missed resume event still delivers in time.
 */
export const MAX_TIMER_MS = 10 * 60_000

const MINUTE = 60_000

export interface SchedulerOptions {
  clock: Clock
  ledger: Ledger
  deliver: (delivery: Delivery) => void
  settings: () => ReminderSettings
  /** A failed save or a throwing deliver is reported here; the scheduler keeps running. */
  onError?: (error: unknown) => void
}

export interface Scheduler {
  /** New programs from the cache: re-plans and reconciles the timer with the plan. */
  update(programs: readonly CachedProgram[]): void
  /** Re-plans with the same programs: after resume from sleep, a clock jump or a settings change. */
  replan(): void
  stop(): void
  nextFireAt(): number | null
  pending(): Reminder[]
}

/**
 * The effectful edge of reminders. It keeps the plan's future reminders and one timer for the
 * earliest of them. Every wake-up (timer, update, replan) re-plans from `clock.now()`, so there is
 * one path for on-time firing, late firing after sleep, and reminders that moved or went away.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { clock, ledger, deliver, settings } = options
  const onError = options.onError ?? (() => {})
  let programs: readonly CachedProgram[] = []
  let pending = new Map<string, Reminder>()
  let timer: TimerHandle | null = null
  let stopped = false

  function reconcile(): void {
    if (stopped) return
    const now = clock.now()
    const s = settings()
    ledger.prune(now)
    const planned = plan(programs, s, now, ledger)
    const plannedKeys = new Set(planned.map((r) => r.key))
    const tooLate = now - s.graceMinutes * MINUTE
    const startOf = new Map(programs.map((p) => [p.id, p.startedAt]))
    // Reminders we were waiting for that the plan now drops for being too late were slept
    // through (or the timer woke late): they are summarised, not silently lost, not replayed.
    // A broadcast that moved meanwhile was not missed: its new slot has its own reminders.
    const missed = [...pending.values()].filter(
      (r) =>
        !plannedKeys.has(r.key) &&
        !ledger.has(r.key) &&
        r.fireAt < tooLate &&
        (startOf.get(r.programId) ?? r.startedAt) === r.startedAt &&
        !isSuppressed(r.program, r.fireAt, s)
    )
    const due = planned.filter((r) => r.fireAt <= now)
    pending = new Map(planned.filter((r) => r.fireAt > now).map((r) => [r.key, r]))
    arm(now)
    if (due.length === 0 && missed.length === 0) return

    try {
      ledger.add([...due, ...missed], now)
    } catch (error) {
      // The keys are in memory, so nothing repeats in this run; a lost reminder is worse than a
      // possible repeat after a restart, so the notification still goes out.
      onError(error)
    }
    for (const delivery of batch(due, missed, s.groupThreshold)) {
      try {
        deliver(delivery)
      } catch (error) {
        onError(error)
      }
    }
  }

  function arm(now: number): void {
    if (timer) clock.clearTimeout(timer)
    timer = null
    const next = nextFireAt()
    if (next === null) return
    timer = clock.setTimeout(
      () => {
        timer = null
        reconcile()
      },
      Math.min(next - now, MAX_TIMER_MS)
    )
  }

  function nextFireAt(): number | null {
    let next: number | null = null
    for (const r of pending.values()) if (next === null || r.fireAt < next) next = r.fireAt
    return next
  }

  return {
    update(next) {
      programs = [...next]
      reconcile()
    },
    replan: reconcile,
    stop() {
      stopped = true
      if (timer) clock.clearTimeout(timer)
      timer = null
      pending.clear()
    },
    nextFireAt,
    pending: () => [...pending.values()].sort(byFireAtThenKey)
  }
}

/**
 * Everything due at one wake-up is shown at one moment. On time that is one second's worth and
 * groupDue decides; after a sleep several seconds can be due together, and if that would still
 * raise `threshold` or more notifications they collapse into a single group.
 */
function batch(due: Reminder[], missed: Reminder[], threshold: number): Delivery[] {
  let deliveries = groupDue(due, threshold)
  if (deliveries.length >= threshold) deliveries = [{ kind: 'group', reminders: due, fireAt: due[0]!.fireAt }]
  if (missed.length > 0) deliveries.push({ kind: 'missed', reminders: [...missed].sort(byFireAtThenKey) })
  return deliveries
}
