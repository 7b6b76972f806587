import { z } from 'zod'
import { ScheduleCacheSchema } from './schedule'

/**
 * The catch-up list as the last refresh saved it (core/catch-up): the broadcasts of the last
 * `days` days the service still called unwatched, newest first, for the window, the tray and
 * `onair catch-up` offline. `days` is the window the list was fetched for, so a list fetched
 * for 7 days is not shown as if it covered 30.
 */
export const CatchUpCacheSchema = ScheduleCacheSchema.extend({
  days: z.number().int().min(1).max(30)
})
export type CatchUpCache = z.output<typeof CatchUpCacheSchema>
