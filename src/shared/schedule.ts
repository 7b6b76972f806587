import { z } from 'zod'

/**
 * The live service sends `episode.number` as a number (`1.0`, `12.5`), the documents as a string.
 * The cache keeps one form, a string, so the UI and the key never depend on which one arrived.
 */
const EpisodeNumber = z
  .union([z.string(), z.number()])
  .nullable()
  .transform((n) => (n === null ? null : String(n)))

// Canonical UTC form, so `…:00Z` and `…:00.000Z` for the same instant give the same reminder key.
// The canonical form must itself pass: a time whose UTC falls outside the years 0000–9999
// (`9999-12-31T23:00-05:00`) would be written as `+010000-…`, a file this schema then refuses.
const IsoUtc = z.iso
  .datetime({ offset: true })
  .transform((s) => new Date(s).toISOString())
  .pipe(z.iso.datetime())

export const CachedProgramSchema = z.object({
  id: z.number().int(),
  startedAt: IsoUtc,
  isRebroadcast: z.boolean(),
  channel: z.object({ id: z.number().int(), name: z.string() }),
  work: z.object({
    id: z.number().int(),
    title: z.string(),
    // The service omits the season entirely for works with no known season.
    seasonNameText: z.string().nullable().optional()
  }),
  episode: z
    .object({
      id: z.number().int(),
      number: EpisodeNumber,
      numberText: z.string().nullable(),
      title: z.string().nullable()
    })
    .nullable()
})
export type CachedProgram = z.output<typeof CachedProgramSchema>

export const ScheduleCacheSchema = z.object({
  fetchedAt: IsoUtc.nullable(),
  programs: z.array(CachedProgramSchema)
})
export type ScheduleCache = z.output<typeof ScheduleCacheSchema>

export const ReminderSchema = z.object({
  key: z.string(),
  programId: z.number().int(),
  offsetMinutes: z.number().int(),
  startedAt: IsoUtc,
  /** Epoch milliseconds. */
  fireAt: z.number(),
  program: CachedProgramSchema,
  /** The channel's offset: the episode can be watched at startedAt + shiftMinutes (absent: 0). */
  shiftMinutes: z.number().int().optional(),
  /**
   * The ledger keys of the same episode on the user's other channels (one reminder per episode):
   * recorded with this one, so neither a changed offset nor a channel leaving the window repeats it.
   */
  siblings: z.array(z.object({ key: z.string(), startedAt: IsoUtc })).optional(),
  /** "Don't let me miss it": the n-th repeat of an episode's reminder nobody acted on (repeats.ts). */
  repeat: z.number().int().min(1).optional(),
  /**
   * A repeat's: the key of the episode's reminder shown last, whose notification it replaces
   * (freedesktop replaces_id, the Electron tag) instead of piling up beside it; `key` stays its own.
   */
  replaces: z.string().optional()
})
export type Reminder = z.output<typeof ReminderSchema>

export const DeliverySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single'), reminder: ReminderSchema }),
  z.object({ kind: z.literal('group'), reminders: z.array(ReminderSchema), fireAt: z.number() }),
  z.object({
    kind: z.literal('missed'),
    reminders: z.array(ReminderSchema),
    /**
     * `away`: the machine slept; `not-running`: no Onair served this folder; `shifted`: a changed
     * channel offset moved them past (default `away`).
     */
    why: z.enum(['away', 'not-running', 'shifted']).optional()
  })
])
export type Delivery = z.output<typeof DeliverySchema>
