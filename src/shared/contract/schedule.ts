import { z } from 'zod'
import { CachedProgramSchema } from '../schedule'
import { LocalizedText } from './common'

/**
 * The schedule window's data. The list always comes from the saved schedule, so it is there at
 * start-up and offline; `offline` and `fetchedAt` say how fresh it is.
 */
export const PollState = z.enum(['idle', 'ok', 'offline', 'error', 'signed-out'])
export type PollState = z.infer<typeof PollState>

export const ScheduleView = z.strictObject({
  /** ISO time of the last successful poll; null when nothing was ever fetched. */
  fetchedAt: z.string().nullable(),
  /** True when the last refresh failed or none has finished yet in this run. */
  offline: z.boolean(),
  state: PollState,
  /** Why the last refresh failed, when it did. */
  error: LocalizedText.optional(),
  /** Soonest first. */
  programs: z.array(CachedProgramSchema)
})
export type ScheduleView = z.output<typeof ScheduleView>

export const scheduleCommands = {
  'schedule:get': { input: z.undefined(), output: ScheduleView },
  /** Polls now (joining a poll already running), then answers like `schedule:get`; failures are in `error`. */
  'schedule:refresh': { input: z.undefined(), output: ScheduleView }
} as const

export const scheduleEvents = {
  /** After every poll and state change: the window re-renders, nothing needs re-fetching. */
  'schedule:changed': ScheduleView
} as const
