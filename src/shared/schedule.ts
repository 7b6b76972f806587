import { z } from 'zod'
import { REMINDER_MODES } from './reminder-mode'

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

/** A time of day, HH:MM on the 24-hour clock (quiet hours, the schedule's day boundary). */
export const WallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM (24-hour)')

const TimeZone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz })
      return true
    } catch {
      return false
    }
  },
  { message: 'unknown IANA time zone' }
)

export const QuietHoursSchema = z.object({
  enabled: z.boolean(),
  /** Local wall time; when start > end the window wraps midnight. start === end means no window. */
  start: WallTime,
  end: WallTime
})
export type QuietHours = z.output<typeof QuietHoursSchema>

/** Bounds of a channel's offset: an hour early (a web premiere) to a day late (a streaming service). */
export const CHANNEL_OFFSET_MIN = -60
export const CHANNEL_OFFSET_MAX = 1440

/**
 * What the user set for one channel: when its episodes can really be watched, relative to the
 * broadcast, and whether it reminds at all. Keyed by the service's channel id (a name can change
 * or carry dots and spaces; the id is what the service filters channels by).
 */
export const ChannelRuleSchema = z.object({
  offsetMinutes: z.number().int().min(CHANNEL_OFFSET_MIN).max(CHANNEL_OFFSET_MAX).default(0),
  muted: z.boolean().default(false)
})
export type ChannelRule = z.output<typeof ChannelRuleSchema>

export const ReminderSettingsSchema = z.object({
  // Deduplicated and ordered earliest reminder first, so equal settings compare equal.
  leadMinutes: z
    .array(z.number().int().min(0).max(1440))
    .default([10, 0])
    .transform((ls) => [...new Set(ls)].sort((a, b) => b - a)),
  quietHours: QuietHoursSchema.default({ enabled: false, start: '23:00', end: '07:00' }),
  /** "Remind me of" (reminder-mode.ts). The two lists are kept apart: switching modes loses neither. */
  mode: z.enum(REMINDER_MODES).default('all-except-muted'),
  mutedWorkIds: z.array(z.number().int()).default([]),
  /** The works reminded of in `only-picked` mode; ignored in the other. */
  pickedWorkIds: z.array(z.number().int()).default([]),
  hideRebroadcasts: z.boolean().default(false),
  graceMinutes: z.number().int().min(0).max(1440).default(15),
  // One notification per program is fine for two; a wall of three or more is not.
  groupThreshold: z.number().int().min(2).default(3),
  /** IANA zone for quiet hours; absent means the system zone. */
  timeZone: TimeZone.optional(),
  /** Per channel id (digits): an offset to when the episode can be watched, or no reminders. */
  channels: z
    .record(
      z.string().regex(/^\d+$/, 'expected a channel id, digits (onair upcoming --json shows channel.id)'),
      ChannelRuleSchema
    )
    .default({}),
  /** The same episode on several channels: one reminder, for the earliest slot after offsets. */
  onePerEpisode: z.boolean().default(true),
  /** "Premiere: …" once per work when its first episode appears in the schedule (core/schedule/premieres.ts). */
  premiere: z.boolean().default(true),
  /** "Don't let me miss it": reminders of these works repeat until acted on (core/schedule/repeats.ts). */
  dontMissWorkIds: z.array(z.number().int()).default([])
})
export type ReminderSettings = z.output<typeof ReminderSettingsSchema>
export type ReminderSettingsInput = z.input<typeof ReminderSettingsSchema>

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
