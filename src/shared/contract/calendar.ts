import { z } from 'zod'
import { LocalizedText } from './common'

/**
 * The calendar feed: "Export .ics" and "Subscribe in your calendar". Switching the subscription
 * on and off is a setting (`calendar.subscribe.enabled` through `settings:update`); these commands
 * read its state and act on the document.
 */
export const CalendarInfo = z.strictObject({
  enabled: z.boolean(),
  /** The address to subscribe to, secret included; null while the feed is off or failed to start. */
  url: z.string().nullable(),
  /** Why the feed is not served although it is on. */
  error: LocalizedText.optional()
})
export type CalendarInfo = z.output<typeof CalendarInfo>

export const calendarCommands = {
  'calendar:info': { input: z.undefined(), output: CalendarInfo },
  /** A new secret in the address: calendars subscribed to the old one get 404 from then on. */
  'calendar:regenerate': { input: z.undefined(), output: CalendarInfo },
  /** Copies the address to the clipboard in the main process (the window has no clipboard permission). */
  'calendar:copyUrl': { input: z.undefined(), output: z.strictObject({ copied: z.boolean() }) },
  /** Asks where to save the current schedule as .ics; `path` is null when the user cancelled. */
  'calendar:export': { input: z.undefined(), output: z.strictObject({ path: z.string().nullable() }) }
} as const

export const calendarEvents = {
  'calendar:changed': CalendarInfo
} as const
