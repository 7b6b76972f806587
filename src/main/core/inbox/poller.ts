import cron from 'node-cron'
import type { InboxService } from './inbox'

/**
 * When the inbox refreshes by itself: once at start, then on a cron schedule (default every five
 * minutes, from settings). The schedule is a Trigger so tests fire it by hand instead of waiting;
 * overlapping firings are harmless because `refresh` coalesces.
 */
export interface Trigger {
  /** Calls `fire` on each tick until the returned stop function runs. */
  start(fire: () => void): () => void
}

export function isValidCron(expression: string): boolean {
  return cron.validate(expression)
}

export function cronTrigger(expression: string): Trigger {
  if (!isValidCron(expression)) throw new RangeError(`invalid cron expression: ${expression}`)
  return {
    start(fire) {
      // unref: a pending tick must not keep a CLI process alive once it is asked to stop.
      const task = cron.schedule(expression, () => fire(), { noOverlap: true, unref: true })
      return () => void task.destroy()
    }
  }
}

/** A trigger that fires only when told to; for tests and for on-demand-only setups. */
export function manualTrigger(): Trigger & { fire(): void } {
  const fires = new Set<() => void>()
  return {
    start(fire) {
      fires.add(fire)
      return () => void fires.delete(fire)
    },
    fire: () => fires.forEach((f) => f())
  }
}

export function startInboxPolling(inbox: InboxService, trigger: Trigger): () => void {
  void inbox.refresh()
  return trigger.start(() => void inbox.refresh())
}
