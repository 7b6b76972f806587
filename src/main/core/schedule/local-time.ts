import type { QuietHours } from '../../../shared/settings'

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const id = timeZone ?? ''
  let f = formatters.get(id)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23'
    })
    formatters.set(id, f)
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
  for (const part of formatter(timeZone).formatToParts(epochMs)) {
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
