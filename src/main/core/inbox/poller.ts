import type { InboxService } from './inbox'

/**
 * When the inbox refreshes by itself: once at start, then on each tick of a schedule, in the app
 * `(tick) => nodeCronFactory(settings.inbox.cron, tick)` from `schedule/cron.ts` (default every
 * five minutes). Tests pass a schedule they fire by hand. Overlapping ticks are harmless:
 * `refresh` coalesces them into one fetch.
 */
export type TickSchedule = (tick: () => void) => { stop(): void }

export function startInboxPolling(inbox: InboxService, schedule: TickSchedule): () => void {
  void inbox.refresh()
  const task = schedule(() => void inbox.refresh())
  return () => task.stop()
}
