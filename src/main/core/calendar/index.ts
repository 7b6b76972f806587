import type { Locale } from '../../../shared/locale'
import type { ScheduleCache } from '../../../shared/schedule'
import type { Settings } from '../../../shared/settings'
import type { Clock } from '../clock'
import type { CorruptFileReport } from '../store/database'
import { watchDocument } from '../store/watch'
import { feedFileStore } from './address'
import { calendarDocument } from './feed'
import { createCalendarSubscription, type CalendarSubscription } from './subscription'

/**
 * The calendar as the app (and `onair run`) hold it: the document of the moment, for "Export
 * .ics" and for every request of the subscribed feed, and the feed's server.
 */
export interface CalendarService extends CalendarSubscription {
  document(): Promise<string>
}

export interface CalendarDeps {
  dataDir: string
  clock: Clock
  /** The saved schedule (the reminder service's snapshot). */
  schedule: () => ScheduleCache
  settings: () => Settings
  locale: () => Locale
  mediaUrl: () => string
  onError?: (err: unknown) => void
  /** `calendar-feed.json` could not be read and was moved aside. */
  onCorrupt?: (report: CorruptFileReport) => void
}

export function openCalendar(deps: CalendarDeps): CalendarService {
  // Made at each request: calendars ask every few minutes, and the server's ETag spares them the body.
  const document = (): Promise<string> =>
    calendarDocument({
      schedule: deps.schedule(),
      settings: deps.settings(),
      locale: deps.locale(),
      mediaUrl: deps.mediaUrl(),
      now: deps.clock.now()
    })
  const subscription = createCalendarSubscription({
    store: feedFileStore(deps.dataDir, deps.onCorrupt),
    settings: deps.settings,
    document,
    watch: (onChange) => watchDocument(deps.dataDir, 'feed', onChange),
    onError: deps.onError
  })
  return { ...subscription, document }
}
