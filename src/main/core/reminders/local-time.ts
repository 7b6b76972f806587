import type { Locale } from '../../../shared/locale'
import type { QuietHours } from '../../../shared/settings'

const formatters = new Map<string, Intl.DateTimeFormat>()

/** One DateTimeFormat per language, zone (absent: the system's) and options, made once and reused. */
export function dateFormat(
  locale: Locale,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-US', { ...options, timeZone })
    formatters.set(key, f)
  }
  return f
}

/**
 * Minutes since local midnight of an instant in `timeZone` (system zone when absent). Asking Intl
 * for the wall clock, rather than adding a fixed offset, is what keeps quiet hours right on both
 * sides of a daylight-saving switch.
 */
export function localMinuteOfDay(epochMs: number, timeZone?: string): number {
  let hour = 0
  let minute = 0
  const wallClock = dateFormat('en', timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  for (const part of wallClock.formatToParts(epochMs)) {
    if (part.type === 'hour') hour = Number(part.value)
    else if (part.type === 'minute') minute = Number(part.value)
  }
  return hour * 60 + minute
}

function parseWallTime(hhmm: string): number {
  const [h, m] = hhmm.split(':')
  return Number(h) * 60 + Number(m)
}

/** Start inclusive, end exclusive; a window whose start is after its end wraps midnight. */
export function isInQuietHours(epochMs: number, quiet: QuietHours, timeZone?: string): boolean {
  if (!quiet.enabled) return false
  const start = parseWallTime(quiet.start)
  const end = parseWallTime(quiet.end)
  if (start === end) return false
  const t = localMinuteOfDay(epochMs, timeZone)
  return start < end ? t >= start && t < end : t >= start || t < end
}
