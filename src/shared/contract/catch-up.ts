import { z } from 'zod'
import { CachedProgramSchema } from '../schedule'
import { LocalizedText } from './common'
import { PollState } from './schedule'

/**
 * "Catch up": the episodes that aired in the last `days` days and are not recorded, one program
 * each, newest first (shared/catch-up-list.ts groups them by work). Always from the saved list, so
 * it is there offline; what the outbox holds a record of is already left out.
 */
export const CatchUpView = z.strictObject({
  /** ISO time of the last good refresh; null when none was ever made. */
  fetchedAt: z.string().nullable(),
  /** The days the saved list covers. */
  days: z.int().min(1).max(30),
  state: PollState,
  /** Why the last refresh failed, when it did. */
  error: LocalizedText.optional(),
  programs: z.array(CachedProgramSchema)
})
export type CatchUpView = z.output<typeof CatchUpView>

export const catchUpCommands = {
  'catchup:get': { input: z.undefined(), output: CatchUpView },
  /** Asks the service now (joining a refresh already running), then answers like `catchup:get`. */
  'catchup:refresh': { input: z.undefined(), output: CatchUpView }
} as const

export const catchUpEvents = {
  /** After a refresh, a record or undo in the outbox, or a change made by another process. */
  'catchup:changed': CatchUpView
} as const
