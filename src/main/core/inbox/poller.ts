import type { InboxService } from './inbox'

/**
 * When the inbox refreshes by itself: once at start, then on each tick of a schedule, in the app
 * `(tick) => wallClockCron(settings.inbox.cron, tick)` from `schedule/cron.ts` (default every
 * five minutes). Tests pass a schedule they fire by hand. Overlapping ticks are harmless:
 * `refresh` coalesces them into one fetch.
 */
export type TickSchedule = (tick: () => void) => { stop(): void }

export function startInboxPolling(inbox: InboxService, schedule: TickSchedule): () => void {
  void inbox.refresh()
  const task = schedule(() => void inbox.refresh())
  return () => task.stop()
}

/** The inbox's own poll following its setting (`inbox.cron`): restarted when it changes, '' stops it. */
export function inboxPollSwitch(inbox: InboxService, schedule: (cron: string, tick: () => void) => { stop(): void }) {
  let stop: (() => void) | undefined
  let current = ''
  return (cron: string): void => {
    if (cron === current) return
    stop?.()
    stop = undefined
    current = cron
    if (cron) stop = startInboxPolling(inbox, (tick) => schedule(cron, tick))
  }
}
