import type { Clock, TimerHandle } from '../clock'
import type { CachedProgram, Delivery, Reminder, ReminderSettings } from '../../../shared/schedule'
import type { Ledger } from './ledger'
import { byFireAtThenKey, groupDue, isSuppressed, oldestOnTime, plan, reminderKey } from './planner'

/**
 * setTimeout counts elapsed monotonic time, not wall time: it does not see a wall-clock jump, on
 * most systems it does not count time spent suspended, and past 2^31-1 ms Node fires at once. So
 * no timer waits longer than this; on waking it re-reads the clock and re-arms for what is left.
 * Kept under the default grace period so that even a missed resume event still delivers in time.
 */
export const MAX_TIMER_MS = 10 * 60_000

const MINUTE = 60_000
/** The heartbeat (ledger `servedAt`) is written with each delivery, and at least this often. */
export const HEARTBEAT_MS = 5 * MINUTE
/** How far back a start looks for reminders that fell due while nothing served them. */
export const GAP_HORIZON_MS = 12 * 60 * MINUTE

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

  /** The gap before this run: from the folder's last heartbeat to this run's first plan. */
  let gap: { from: number; to: number } | null | undefined
  let lastBeat = -Infinity

  function reconcile(): void {
    if (stopped) return
    const now = clock.now()
    const s = settings()
    ledger.prune(now)
    if (gap === undefined) {
      const served = ledger.servedAt()
      gap = served === null ? null : { from: Math.max(served, now - GAP_HORIZON_MS), to: now }
    }
    const planned = plan(programs, s, now, ledger)
    const plannedKeys = new Set(planned.map((r) => r.key))
    const tooLate = oldestOnTime(now, s)
    const startOf = new Map(programs.map((p) => [p.id, p.startedAt]))
    // Reminders we were waiting for that the plan now drops for being too late were slept
    // through (or the timer woke late): they are summarised, not silently lost, not replayed.
    // A broadcast that moved meanwhile was not missed: its new slot has its own reminders.
    const slept = [...pending.values()].filter(
      (r) =>
        !plannedKeys.has(r.key) &&
        !ledger.has(r.key) &&
        r.fireAt < tooLate &&
        (startOf.get(r.programId) ?? r.startedAt) === r.startedAt &&
        !isSuppressed(r.program, r.fireAt, s)
    )
    const notRunning = gap ? fellDueIn(gap.from, Math.min(gap.to, tooLate), s) : []
    const missed = [...new Map([...slept, ...notRunning].map((r) => [r.key, r])).values()]
    const due = planned.filter((r) => r.fireAt <= now)
    pending = new Map(planned.filter((r) => r.fireAt > now).map((r) => [r.key, r]))
    arm(now)

    const items = [...due, ...missed]
    if (items.length === 0 && now - lastBeat < HEARTBEAT_MS) return
    let fresh: Set<string>
    try {
      // Recorded first, and only what no other process took: then notified. Also the heartbeat.
      lastBeat = now
      fresh = new Set(ledger.claim(items, now).map((r) => r.key))
    } catch (error) {
      // A lost reminder is worse than a possible repeat after a restart: it still goes out.
      onError(error)
      fresh = new Set([...due, ...missed].map((r) => r.key))
    }
    const deliveries = batch(
      due.filter((r) => fresh.has(r.key)),
      missed.filter((r) => fresh.has(r.key)),
      s.groupThreshold,
      notRunning.some((r) => fresh.has(r.key)) ? 'not-running' : 'away'
    )
    for (const delivery of deliveries) {
      try {
        deliver(delivery)
      } catch (error) {
        onError(error)
      }
    }
  }

  /** Reminders of the known programs whose time fell in (from, to], not delivered, not muted. */
  function fellDueIn(from: number, to: number, s: ReminderSettings): Reminder[] {
    const found: Reminder[] = []
    for (const program of programs) {
      const start = Date.parse(program.startedAt)
      for (const offsetMinutes of s.leadMinutes) {
        const fireAt = start - offsetMinutes * MINUTE
        const key = reminderKey(program.id, program.startedAt, offsetMinutes)
        if (fireAt <= from || fireAt > to || ledger.has(key) || isSuppressed(program, fireAt, s)) continue
        found.push({ key, programId: program.id, offsetMinutes, startedAt: program.startedAt, fireAt, program })
      }
    }
    return found
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
      if (!stopped && gap !== undefined) {
        try {
          ledger.markServed(clock.now())
        } catch (error) {
          onError(error)
        }
      }
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
function batch(due: Reminder[], missed: Reminder[], threshold: number, why: 'away' | 'not-running'): Delivery[] {
  let deliveries = groupDue(due, threshold)
  if (deliveries.length >= threshold) deliveries = [{ kind: 'group', reminders: due, fireAt: due[0]!.fireAt }]
  if (missed.length > 0) deliveries.push({ kind: 'missed', reminders: [...missed].sort(byFireAtThenKey), why })
  return deliveries
}
