import type { CalendarEvent } from './events'

/**
 * Writes the events as one iCalendar document (RFC 5545). The library does the parts that are
 * easy to get subtly wrong by hand: CRLF line ends, folding at 75 octets without splitting a
 * UTF-8 character, and escaping `,` `;` `\` and line breaks in text values. It is imported with
 * the first document: `onair run` serves a calendar only when subscribed, and the library loaded
 * at start would stay resident in every daemon.
 */
export interface IcsOptions {
  /** DTSTAMP of every event: when the schedule was fetched, so an unchanged schedule gives the same bytes. */
  stamp: number
  name: string
}

/** How often subscribed calendars are asked to re-read the feed (the schedule polls every 10 minutes). */
const REFRESH_SECONDS = 15 * 60
const END = 'END:VCALENDAR'

export async function renderIcs(events: readonly CalendarEvent[], opts: IcsOptions): Promise<string> {
  const { default: ical, foldLines, ICalAlarmType } = await import('ical-generator')
  const calendar = ical({
    name: opts.name,
    prodId: { company: 'Onair', product: 'Onair', language: 'EN' },
    ttl: REFRESH_SECONDS
  })
  // The calendar's own toString folds the whole document in one pass, which for 10,000 events
  // costs three times as much (garbage from one huge string) as folding each event with the same
  // library function; the header comes from the library all the same.
  const empty = calendar.toString()
  const head = empty.slice(0, empty.lastIndexOf(END))
  const stamp = new Date(opts.stamp)
  const body = events.map((event) =>
    foldLines(
      calendar
        .createEvent({
          id: event.uid,
          start: new Date(event.start),
          end: new Date(event.end),
          stamp,
          summary: event.summary,
          location: event.location,
          url: event.url,
          description: event.description,
          alarms: event.alarms.map((minutes) => ({ type: ICalAlarmType.display, triggerBefore: minutes * 60 }))
        })
        .toString()
    )
  )
  // RFC 5545 ends every content line with CRLF, the last one too; the library leaves it off.
  return `${head}${body.join('')}${END}\r\n`
}
