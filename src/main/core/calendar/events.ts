import type { Locale } from '../../../shared/locale'
import type { CachedProgram } from '../../../shared/schedule'
import type { Settings } from '../../../shared/settings'
import { isInQuietHours } from '../reminders/local-time'
import { isWanted } from '../reminders/planner'
import { slotsOf } from '../reminders/slots'
import { watchAt } from '../../../shared/watch-time'
import { episodeLine } from '../../../shared/episode-label'
import { leadsOf } from '../../../shared/work-leads'
import { OPEN_IN_ONAIR, onairLink } from '../../../shared/onair-link'

/**
 * Which calendar events the schedule makes, decided in plain data so the rules can be tested
 * without parsing iCalendar: one event per program the user would be reminded of (muted works,
 * hidden rebroadcasts and channels without reminders left out, exactly as for reminders), at the
 * time it can be watched (the broadcast moved by its channel's offset); and, when asked, one alarm
 * per lead time that the reminders themselves would raise: quiet hours keep an alarm out as they
 * keep the reminder out, and of one episode on several channels only the reminded slot rings.
 */
export interface CalendarEvent {
  /** Stable across polls and machines: a calendar updates the event instead of adding a twin. */
  uid: string
  /** Epoch milliseconds. */
  start: number
  end: number
  summary: string
  location: string
  /** The work's page on the service; null when the service address is unknown. */
  url: string | null
  /** The event's notes: the `onair://` link that opens its quick record in the app. */
  description: string
  /** Minutes before the start, earliest first. */
  alarms: number[]
}

export interface EventOptions {
  locale: Locale
  /** The media service's address; the work's page is `<address>/works/<id>`. */
  mediaUrl: string
  alarms: boolean
}

const MINUTE = 60_000

/** The program id is the service's own, so every machine signed in to it names the event alike. */
export function eventUid(programId: number): string {
  return `program-${programId}@onair`
}

export function workUrl(mediaUrl: string, workId: number): string | null {
  try {
    const base = new URL(mediaUrl)
    if (base.protocol !== 'http:' && base.protocol !== 'https:') return null
    return new URL(`works/${workId}`, base.href.endsWith('/') ? base.href : `${base.href}/`).href
  } catch {
    return null
  }
}

/**
 * RFC 5545 text has one kind of line break and no other control characters: CR LF and lone CR
 * become LF, the rest (NUL, ESC, DEL…) are dropped rather than written into a file that calendars
 * may refuse whole.
 */
export function calendarText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
}

export function eventSummary(program: CachedProgram, locale: Locale): string {
  const episode = episodeLine(program.episode, locale)
  return calendarText(episode ? `${program.work.title} ${episode}` : program.work.title)
}

export function eventsOf(programs: readonly CachedProgram[], settings: Settings, opts: EventOptions): CalendarEvent[] {
  const reminders = settings.reminders
  const duration = settings.calendar.durationMinutes * MINUTE
  const slots = slotsOf(programs, reminders, (p) => isWanted(p, reminders))
  const reminded = new Set(slots.map((s) => s.program))
  const shown = new Set(slots.flatMap((s) => [s.program, ...s.siblings]))
  const events: CalendarEvent[] = []
  for (const program of programs) {
    if (!shown.has(program)) continue
    const start = watchAt(program, reminders.channels)
    events.push({
      uid: eventUid(program.id),
      start,
      end: start + duration,
      summary: eventSummary(program, opts.locale),
      location: calendarText(program.channel.name),
      url: workUrl(opts.mediaUrl, program.work.id),
      description: `${OPEN_IN_ONAIR[opts.locale]}: ${onairLink('program', program.id)}`,
      alarms:
        opts.alarms && reminded.has(program)
          ? leadsOf(program.work.id, reminders).filter(
              (lead) => !isInQuietHours(start - lead * MINUTE, reminders.quietHours, reminders.timeZone)
            )
          : []
    })
  }
  return events
}
