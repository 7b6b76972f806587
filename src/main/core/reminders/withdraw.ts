import type { CachedProgram, ScheduleCache } from '../../../shared/schedule'
import type { Clock, TimerHandle } from '../clock'
import type { MediaClient } from '../media/client'
import type { Notifier } from '../notify'
import type { DocumentStore } from '../store/document'
import type { ReminderHistory } from './history'
import type { PollResult } from '../programs/poll'
import { PROGRAM_FIELDS } from '../programs/poll'
import { broadcastOf } from './repeats'
import { MAX_TIMER_MS, type Scheduler } from './scheduler'
import type { Snoozes } from './snoozes'
import { checkId, goneFromPoll, nextCheck, pollIsStale, withdrawalOf } from './withdrawals'

/**
 * The effects of a withdrawal (withdrawals.ts decides): after a good poll, and before a repeat or
 * a snooze goes out when the last poll is old, one request for that broadcast. What was recorded
 * elsewhere leaves the screen, the snoozes, the timer and the saved schedule; the history says so.
 * A failed poll or check withdraws nothing.
 */
export interface WithdrawerOptions {
  clock: Clock
  media: Pick<MediaClient, 'listPrograms'>
  cache: DocumentStore<ScheduleCache>
  snoozes: Snoozes
  history: ReminderHistory
  notifier: Notifier
  scheduler: Scheduler
  /** The episodes this folder's outbox recorded watched: their history tells of it already. */
  recorded: () => ReadonlySet<number>
  /** When the last good poll ended (null before the first one of this run). */
  lastPollAt: () => number | null
  /** A failed write is reported; the rest of the withdrawal goes ahead. */
  keep: (write: () => void) => void
  /** The broadcasts whose shown reminders were withdrawn. */
  onWithdrawn: (programs: CachedProgram[], at: number) => void
}

export interface Withdrawer {
  /** After a good poll: `known`, what was planned before it. Call before the scheduler's update. */
  afterPoll(known: readonly CachedProgram[], result: PollResult): void
  /** The repeats or snoozes to come may have changed: the next check's timer follows them. */
  arm(): void
  stop(): void
}

export function createWithdrawer(opts: WithdrawerOptions): Withdrawer {
  const { clock, scheduler } = opts
  let timer: TimerHandle | null = null
  let stopped = false
  const checked = new Set<string>()

  function withdraw(gone: readonly CachedProgram[]): void {
    if (gone.length === 0) return
    const now = clock.now()
    const w = withdrawalOf(gone, opts.history.read().entries, opts.snoozes.read(), opts.recorded(), now)
    for (const id of w.notifications) opts.notifier.withdraw?.(id)
    opts.keep(() => opts.snoozes.drop(w.snoozes))
    opts.keep(() => opts.history.add(w.history, now))
    if (w.history.length > 0)
      opts.onWithdrawn(
        w.history.flatMap((e) => e.reminders.map((r) => r.program)),
        now
      )
    scheduler.withdraw(new Set(gone.map((p) => broadcastOf(p.id, p.startedAt))))
  }

  /** One request: is this broadcast still unwatched? Gone, it is withdrawn and taken out of the saved schedule. */
  async function check(program: CachedProgram): Promise<void> {
    const at = Date.parse(program.startedAt)
    let answer
    try {
      answer = await opts.media.listPrograms({
        ids: [program.id],
        unwatched: true,
        startedFrom: at,
        startedTo: at,
        fields: PROGRAM_FIELDS
      })
    } catch {
      // No answer (offline, signed out, no service set up, which throws before any request): the
      // reminder goes out as planned.
      answer = null
    }
    if (stopped || !answer || answer.items.some((p) => p.id === program.id)) return
    withdraw([program])
    opts.keep(() => opts.cache.update((c) => ({ ...c, programs: c.programs.filter((p) => p.id !== program.id) })))
    scheduler.update(opts.cache.read().programs)
  }

  function arm(): void {
    if (timer) clock.clearTimeout(timer)
    timer = null
    if (stopped) return
    const snoozed = new Set(Object.keys(opts.snoozes.read().snoozes))
    const next = nextCheck(scheduler.pending(), snoozed, checked)
    if (!next) return
    timer = clock.setTimeout(
      () => {
        timer = null
        // Woken early by the cap on a timer's wait (scheduler.ts MAX_TIMER_MS): wait on.
        if (clock.now() < next.at) return arm()
        checked.add(checkId(next.reminder))
        if (!pollIsStale(opts.lastPollAt(), clock.now())) return arm()
        void check(next.reminder.program).finally(arm)
      },
      Math.min(Math.max(0, next.at - clock.now()), MAX_TIMER_MS)
    )
  }

  return {
    afterPoll(known, result) {
      // A partial walk (the page cap) cannot say what is missing from it.
      if (!result.ok || !result.complete) return
      withdraw(goneFromPoll(known, result.programs, result.window))
    },
    arm,
    stop() {
      stopped = true
      if (timer) clock.clearTimeout(timer)
      timer = null
    }
  }
}
