import type { ScheduleCache } from '../../../shared/schedule'

/**
 * The schedule before any poll: what a folder without schedule.json shows. Apart from
 * schedule-file.ts, whose schema is zod's, so that `onair upcoming --from-cache` has it without zod.
 */
export const emptySchedule = (): ScheduleCache => ({ fetchedAt: null, programs: [] })
