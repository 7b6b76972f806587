import { z } from 'zod'
import { acceleratorProblem } from './accelerator'
import { REMINDER_MODES } from './reminder-mode'

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

/** Minutes before the start, 0 = at start. */
const LeadList = z.array(z.number().int().min(0).max(1440))
// Deduplicated and ordered earliest reminder first, so equal settings compare equal.
const sortedLeads = (ls: number[]): number[] => [...new Set(ls)].sort((a, b) => b - a)

export const ReminderSettingsSchema = z.object({
  leadMinutes: LeadList.default([10, 0]).transform(sortedLeads),
  /**
   * Per work id (digits): its own lead times in place of `leadMinutes`; [0] is "only at start", []
   * is "none" (shared/work-leads.ts reads them).
   */
  workLeadMinutes: z
    .record(
      z.string().regex(/^\d+$/, 'expected a work id, digits (onair upcoming --json shows work.id)'),
      LeadList.transform(sortedLeads)
    )
    .default({}),
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
  /** "Premiere: …" once per work when its first episode appears in the schedule (core/reminders/premieres.ts). */
  premiere: z.boolean().default(true),
  /** "Don't let me miss it": reminders of these works repeat until acted on (core/reminders/repeats.ts). */
  dontMissWorkIds: z.array(z.number().int()).default([])
})
export type ReminderSettings = z.output<typeof ReminderSettingsSchema>
export type ReminderSettingsInput = z.input<typeof ReminderSettingsSchema>

/**
 * Every user setting, one document, shared with the renderer (zod only, no Node). Each feature owns
 * one section; every field has a default so an older or partial file still loads.
 */
export const UiSettingsSchema = z.object({
  /** 'system' follows the OS locale. */
  locale: z.enum(['system', 'en', 'ja']).default('system'),
  /** A broadcast day starts here: a 01:30 slot belongs to the evening before. */
  dayBoundary: WallTime.default('05:00'),
  /** Show late-night slots past midnight as 25:30 instead of 01:30. */
  extendedHours: z.boolean().default(false),
  /** macOS: the time to the next broadcast beside the menu-bar icon (the app only). */
  menuBarCountdown: z.boolean().default(false),
  /** The inbox's unread count on the tray icon, the Dock or launcher icon, and the taskbar button (the app only). */
  unreadBadge: z.boolean().default(true)
})

export const PollSettingsSchema = z.object({
  /** cron expression (5 fields, or 6 with seconds first); validated by the poller before it is saved. */
  cron: z.string().min(1).max(100).default('*/10 * * * *'),
  /** Window of programs to fetch, relative to now. */
  pastHours: z.number().int().min(0).max(24).default(1),
  aheadHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(48)
})

export const InboxSettingsSchema = z.object({
  cron: z.string().min(1).max(100).default('*/5 * * * *'),
  notify: z.boolean().default(true),
  /** Article previews load images on the wiki's own host without asking; others wait for "Load images". */
  wikiImages: z.boolean().default(false),
  webhook: z
    .object({
      enabled: z.boolean().default(false),
      port: z.number().int().min(0).max(65535).default(0)
    })
    .default({ enabled: false, port: 0 })
})

/**
 * The addresses are kept here as the text that was saved, not checked by the address rule
 * (`service-address.ts`): a file
 * whose address breaks the rule (edited by hand, or saved by an older Onair) must not be moved
 * aside with every other setting in it. The account refuses such an address when it reads it
 * (`core/account/addresses.ts`), says so, and uses nothing with it; every way of saving one checks it.
 */
export const ServiceSettingsSchema = z.object({
  mediaUrl: z.string().default(''),
  wikiUrl: z.string().default(''),
  clientId: z.string().default(''),
  /** Fixed loopback port for OAuth registrations that need one; 0 picks a free port. */
  redirectPort: z.number().int().min(0).max(65535).default(0)
})

export const CalendarSettingsSchema = z.object({
  /** The service gives a start only; each calendar event lasts this long. */
  durationMinutes: z.number().int().min(1).max(720).default(30),
  /** One alarm per reminder lead time in the exported and the served calendar. */
  alarms: z.boolean().default(false),
  /** "Subscribe in your calendar": the feed served on 127.0.0.1 for desktop calendars. */
  subscribe: z
    .object({
      enabled: z.boolean().default(false),
      /** 0 keeps the port picked the first time, so a subscribed URL survives restarts. */
      port: z.number().int().min(0).max(65535).default(0)
    })
    .default({ enabled: false, port: 0 })
})

/** "Catch up": the episodes that aired in the last `days` days and are not recorded (core/catch-up). */
export const CatchUpSettingsSchema = z.object({
  days: z.number().int().min(1).max(30).default(7)
})

/**
 * "Tonight's list": one notice at `at` (local wall time, the reminders' zone) naming what is still
 * to air in that broadcast day (it ends at `ui.dayBoundary`, so a 25:30 slot belongs to it).
 */
export const TonightSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  at: WallTime.default('18:00')
})

/** How the app starts (the app only; the command line ignores it). */
export const StartupSettingsSchema = z.object({
  /** Registered with the OS: macOS and Windows login items, a Linux XDG autostart entry. */
  openAtLogin: z.boolean().default(false),
  /** Started at login, the app waits in the tray instead of opening its window. */
  hiddenAtLogin: z.boolean().default(true),
  /** macOS: a menu-bar app has no Dock icon unless asked. */
  showInDock: z.boolean().default(false)
})

const Accelerator = z
  .string()
  .max(100)
  .check((ctx) => {
    const problem = acceleratorProblem(ctx.value)
    if (problem) ctx.issues.push({ code: 'custom', message: problem.en, input: ctx.value })
  })

/** Global shortcuts (the app only), as Electron accelerators; empty means none. */
export const ShortcutSettingsSchema = z.object({
  /** Shows the window, or hides it when it is in front. */
  toggleWindow: Accelerator.default(''),
  /** Opens the quick record of the program on air now or just ended. */
  quickRecord: Accelerator.default('')
})

/**
 * Where this data folder keeps its secrets: the operating system's credential store, or, chosen
 * where none is reachable (a server, an SSH session), one plain file readable only by the user.
 */
export const SECRETS_STORAGES = ['keyring', 'file'] as const
export type SecretsStorage = (typeof SECRETS_STORAGES)[number]
export const SecretsSettingsSchema = z.object({
  storage: z.enum(SECRETS_STORAGES).default('keyring')
})

export const SettingsSchema = z.object({
  version: z.literal(1).default(1),
  ui: UiSettingsSchema.prefault({}),
  reminders: ReminderSettingsSchema.prefault({}),
  poll: PollSettingsSchema.prefault({}),
  inbox: InboxSettingsSchema.prefault({}),
  services: ServiceSettingsSchema.prefault({}),
  calendar: CalendarSettingsSchema.prefault({}),
  catchUp: CatchUpSettingsSchema.prefault({}),
  tonight: TonightSettingsSchema.prefault({}),
  startup: StartupSettingsSchema.prefault({}),
  shortcuts: ShortcutSettingsSchema.prefault({}),
  secrets: SecretsSettingsSchema.prefault({})
})
export type Settings = z.output<typeof SettingsSchema>
export type SettingsInput = z.input<typeof SettingsSchema>

export function defaultSettings(): Settings {
  // Read as a saved document is (json-file.ts): without compiling a parser used once.
  return SettingsSchema.parse({}, { jitless: true })
}
