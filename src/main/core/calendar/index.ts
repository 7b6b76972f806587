import type { Locale } from '../../../shared/locale'
import type { ScheduleCache } from '../../../shared/schedule'
import type { Settings } from '../../../shared/settings'
import type { Clock } from '../clock'
import type { CorruptFileReport } from '../store/json-file'
import { watchDocument } from '../store/watch'
import { dataFile } from '../store/data-files'
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
  // A calendar asks again every few minutes while nothing changed: the same inputs (the stores
  // hand out the same objects until their files change) give the same document without redoing it.
  let last: { inputs: unknown[]; text: Promise<string> } | undefined
  const document = (): Promise<string> => {
    const inputs = [deps.schedule(), deps.settings(), deps.locale(), deps.mediaUrl()]
    if (last && inputs.every((input, i) => input === last!.inputs[i])) return last.text
    const [schedule, settings, locale, mediaUrl] = inputs as [ScheduleCache, Settings, Locale, string]
    const text = calendarDocument({ schedule, settings, locale, mediaUrl, now: deps.clock.now() })
    last = { inputs, text }
    // A document that could not be made is made again at the next request.
    text.catch(() => {
      if (last?.text === text) last = undefined
    })
    return text
  }
  const subscription = createCalendarSubscription({
    store: feedFileStore(deps.dataDir, deps.onCorrupt),
    settings: deps.settings,
    document,
    watch: (onChange) => watchDocument(dataFile(deps.dataDir, 'feed'), onChange),
    onError: deps.onError
  })
  return { ...subscription, document }
}
