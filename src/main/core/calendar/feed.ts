import type { Locale } from '../../../shared/locale'
import type { ScheduleCache } from '../../../shared/schedule'
import type { Settings } from '../../../shared/settings'
import { eventsOf } from './events'
import { renderIcs } from './ics'

/**
 * The one calendar document Onair makes, for `onair upcoming --ics`, "Export .ics" and the
 * subscribed feed alike: the saved schedule under the current settings.
 */
export interface FeedInput {
  schedule: ScheduleCache
  settings: Settings
  locale: Locale
  /** The media service's address, for the works' pages; '' when unknown. */
  mediaUrl: string
  /** Overrides `settings.calendar.alarms` (the command line's `--alarms`). */
  alarms?: boolean
  now: number
}

const CALENDAR_NAME = { en: 'Onair: airing schedule', ja: 'Onair: 放送予定' }

export function calendarDocument(input: FeedInput): Promise<string> {
  const events = eventsOf(input.schedule.programs, input.settings, {
    locale: input.locale,
    mediaUrl: input.mediaUrl,
    alarms: input.alarms ?? input.settings.calendar.alarms
  })
  const stamp = input.schedule.fetchedAt === null ? input.now : Date.parse(input.schedule.fetchedAt)
  return renderIcs(events, { stamp, name: CALENDAR_NAME[input.locale] })
}
