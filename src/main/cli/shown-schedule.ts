import type { ScheduleCache } from '../../shared/schedule'
import type { Settings } from '../../shared/settings'
import { emptySchedule, scheduleFileStore } from '../core/programs/schedule-file'
import { settingsFileStore } from '../core/store/settings'
import type { CommandContext } from './command'
import { movedAside } from './moved-aside'

/**
 * The schedule a run of `onair upcoming` shows, from either source: polled (poll-schedule.ts) or
 * saved (below). Here, not in the command, so that poll-schedule.ts and the command both import it
 * and neither imports the other.
 */
export interface ShownSchedule {
  schedule: ScheduleCache
  settings: Settings
  /** Polled just now; false for the saved schedule. */
  fresh: boolean
  /** schedule.json could not be read or written (said on stderr): the exit code is 1. */
  fileTrouble: boolean
  /** The media service's address, for the calendar's links. */
  mediaUrl(): Promise<string>
}

/** The schedule saved by the last poll, as the poll's offline path shows it, without the account. */
export async function savedSchedule(ctx: CommandContext): Promise<ShownSchedule> {
  const { dataDir } = ctx.config
  const settings = settingsFileStore(dataDir, movedAside(ctx)).read()
  const mediaUrl = async () => (await import('./context')).openAccount(ctx).account.services().mediaUrl
  try {
    const schedule = scheduleFileStore(dataDir, movedAside(ctx)).read()
    return { schedule, settings, fresh: false, fileTrouble: false, mediaUrl }
  } catch (e) {
    // A schedule.json the system refuses is said as the poll says it (report.ts loads the account's errors).
    ;(await import('./report')).failWith(ctx, e)
    return { schedule: emptySchedule(), settings, fresh: false, fileTrouble: true, mediaUrl }
  }
}
