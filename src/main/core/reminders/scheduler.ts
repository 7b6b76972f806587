import type { Clock, TimerHandle } from '../clock'
import type { CachedProgram, Delivery, Reminder } from '../../../shared/schedule'
import type { ReminderSettings } from '../../../shared/settings'
import type { Ledger } from './ledger'
import { byFireAtThenKey, candidates, groupDue, planAt } from './planner'
import { broadcastOf, NOTHING_ACTED_ON, type ActedOn, type DeliveredAt } from './repeats'
import { slotIdentity } from './slots'
import { sortSnoozes, type Snoozes } from './snoozes'

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
  /** Snoozed reminders (snoozes.ts), delivered once like any reminder; absent: none. */
  snoozes?: Snoozes
  /** Due reminders not shown because another process of the folder had shown them (the history). */
  onRepeat?: (reminders: Reminder[], at: number) => void
  /** The broadcasts acted on (the history, read at each plan): "don't let me miss it" stops for them. */
  acted?: () => ActedOn
}

export interface Scheduler {
  /** New programs from the cache: re-plans and reconciles the timer with the plan. */
  update(programs: readonly CachedProgram[]): void
  /**
   * Re-plans with the same programs: after resume from sleep, a clock jump, a settings change or a
   * snooze. Before the first `update` there is nothing to plan from: a process standing by for the
   * folder must not settle (and lose) snoozes against an empty schedule, nor beat the heartbeat.
   */
  replan(): void
  /**
   * Forgets what it waited for of these broadcasts (`broadcastOf`), recorded elsewhere: the
   * next plan, without them, must not take them for reminders slept through.
   */
  withdraw(broadcasts: ReadonlySet<string>): void
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
  let programs: readonly CachedProgram[] | null = null
  let pending = new Map<string, Reminder>()
  let timer: TimerHandle | null = null
  let stopped = false

  /** The gap before this run: from the folder's last heartbeat to this run's first plan. */
  let gap: { from: number; to: number } | null | undefined
  let lastBeat = -Infinity

  function reconcile(): void {
    if (stopped || programs === null) return
    const now = clock.now()
    const s = settings()
    ledger.prune(now)
    if (gap === undefined) {
      const served = ledger.servedAt()
      gap = served === null ? null : { from: Math.max(served, now - GAP_HORIZON_MS), to: now }
    }
    // What should exist comes from the planner; this function only reconciles the timer and the ledger with it.
    const acted = options.acted?.() ?? NOTHING_ACTED_ON
    // The ledger read once for the whole plan: asked key by key, each answer checked the file (a stat).
    const delivered = ledger.delivered()
    const { reminders: planned, open, tooLate } = planAt(programs, s, now, delivered, acted)
    const { slept, shifted } = overdue(programs, open, tooLate, s, delivered)
    const g = gap
    // What fell due while nothing served this folder (reminders of the known programs only).
    const notRunning = g ? open.filter((r) => r.fireAt > g.from && r.fireAt <= Math.min(g.to, tooLate)) : []
    const missed = [...new Map([...slept, ...notRunning].map((r) => [r.key, r])).values()]
    const due = planned.filter((r) => r.fireAt <= now)
    // A snooze keeps its reminder's key (delivered already, so never planned again): one Map.
    const snoozed = options.snoozes
      ? sortSnoozes(options.snoozes.read(), programs, s, now)
      : { pending: [], due: [], late: [], settle: [] }
    pending = new Map([...planned.filter((r) => r.fireAt > now), ...snoozed.pending].map((r) => [r.key, r]))
    arm()

    const items = [...due, ...missed]
    if (items.length === 0 && snoozed.settle.length === 0 && now - lastBeat < HEARTBEAT_MS) return
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
    const repeats = items.filter((r) => !fresh.has(r.key))
    if (repeats.length > 0) options.onRepeat?.(repeats, now)
    const snoozes = takeSnoozes(snoozed.settle)
    // A snooze that fell due while nothing ran follows the reminders' rule: summarised, looking
    // back as far as they do, and "not running" when it fell due before this run began.
    const lateSnoozes = snoozed.late.filter((r) => snoozes.has(r.key) && r.fireAt > now - GAP_HORIZON_MS)
    const notRunningSnooze = lateSnoozes.some((r) => gap && r.fireAt <= gap.to)
    const deliveries = batch(
      [...due.filter((r) => fresh.has(r.key)), ...snoozed.due.filter((r) => snoozes.has(r.key))],
      [...missed.filter((r) => fresh.has(r.key)), ...lateSnoozes],
      s.groupThreshold,
      notRunning.some((r) => fresh.has(r.key)) || notRunningSnooze
        ? 'not-running'
        : slept.every((r) => !fresh.has(r.key) || shifted.has(r.key)) && lateSnoozes.length === 0
          ? 'shifted'
          : 'away'
    )
    for (const delivery of deliveries) {
      try {
        deliver(delivery)
      } catch (error) {
        onError(error)
      }
    }
    // A reminder just recorded may bring its repeats into the plan: the timer waits for them too.
    // Planned after the notifications, which it would otherwise hold up (a whole plan again).
    if (fresh.size === 0 || stopped) return
    try {
      for (const r of planAt(programs, s, now, ledger.delivered(), acted).reminders)
        if (r.fireAt > now) pending.set(r.key, r)
      arm()
    } catch (error) {
      onError(error)
    }
  }

  /** The due snoozes this process may deliver: taken from the file, so no other process has them. */
  function takeSnoozes(settle: ReadonlyArray<{ key: string; fireAt: number }>): Set<string> {
    if (!options.snoozes || settle.length === 0) return new Set()
    try {
      return options.snoozes.take(settle)
    } catch (error) {
      // As with the ledger: a snooze that does not come back is worse than one that might repeat.
      onError(error)
      return new Set(settle.map((e) => e.key))
    }
  }

  /**
   * The reminders we were waiting for that are now too late to deliver: slept through, a timer
   * that woke late, or moved into the past by a changed channel offset. They are summarised, never
   * silently lost, never replayed. Matched by who they are (episode or program and lead), not by
   * key: a broadcast that moved, or an episode now reminded on another channel, is the same
   * reminder, and only missed if its new time has passed too. (Snoozes are delivered already.)
   */
  function overdue(
    known: readonly CachedProgram[],
    open: readonly Reminder[],
    tooLate: number,
    s: ReminderSettings,
    delivered: DeliveredAt
  ): { slept: Reminder[]; shifted: Set<string> } {
    const byIdentity = new Map(open.map((r) => [identity(r, s), r]))
    const present = new Set(known.map((p) => p.id))
    const slept: Reminder[] = []
    // Those whose own time had not passed: a changed offset or start moved them into the past.
    const shifted = new Set<string>()
    for (const waited of pending.values()) {
      // A repeat too late is dropped: the reminder it repeats was shown, nothing was missed.
      if (waited.repeat || isDelivered(delivered, waited)) continue
      const id = identity(waited, s)
      // Gone from the schedule while we waited (the poll after a sleep): as it would be planned now.
      const late =
        byIdentity.get(id) ??
        (present.has(waited.programId)
          ? undefined
          : candidates([waited.program], s, delivered).find((r) => identity(r, s) === id))
      if (!late || late.fireAt >= tooLate) continue
      slept.push(late)
      if (waited.fireAt >= tooLate) shifted.add(late.key)
    }
    return { slept, shifted }
  }

  /**
   * The timer for the earliest pending reminder, counted from the time now: not from the moment
   * the plan began, which a slow ledger write (an fsync under load) had already left behind, and
   * every later reminder was then that much late.
   */
  function arm(): void {
    if (timer) clock.clearTimeout(timer)
    timer = null
    const next = nextFireAt()
    if (next === null) return
    timer = clock.setTimeout(
      () => {
        timer = null
        reconcile()
      },
      Math.min(next - clock.now(), MAX_TIMER_MS)
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
    withdraw(broadcasts) {
      for (const [key, r] of pending) if (broadcasts.has(broadcastOf(r.programId, r.startedAt))) pending.delete(key)
    },
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

/** Who a reminder is (slot and lead), whatever its key: see `overdue`. */
const identity = (r: Reminder, s: ReminderSettings): string => `${slotIdentity(r.program, s)}:${r.offsetMinutes}`

const isDelivered = (delivered: DeliveredAt, r: Reminder): boolean =>
  delivered.has(r.key) || (r.siblings ?? []).some((s) => delivered.has(s.key))

type MissedWhy = 'away' | 'not-running' | 'shifted'

/**
 * Everything due at one wake-up is shown at one moment. On time that is one second's worth and
 * groupDue decides; after a sleep several seconds can be due together, and if that would still
 * raise `threshold` or more notifications they collapse into a single group.
 */
function batch(due: Reminder[], missed: Reminder[], threshold: number, why: MissedWhy): Delivery[] {
  const first = due.filter((r) => !r.repeat)
  let deliveries = groupDue(first, threshold)
  if (deliveries.length >= threshold) deliveries = [{ kind: 'group', reminders: first, fireAt: first[0]!.fireAt }]
  // A repeat stands alone, saying it is one: a group would word it as news ("coming up").
  for (const reminder of due) if (reminder.repeat) deliveries.push({ kind: 'single', reminder })
  if (missed.length > 0) deliveries.push({ kind: 'missed', reminders: [...missed].sort(byFireAtThenKey), why })
  return deliveries
}
