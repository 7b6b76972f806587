import { dateTimeFormat, relativeTimeFormat } from './intl'

/** "3 minutes ago" / "3 分前" from two instants of the core's clock. */
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity]
]

export function relativeTime(then: number, now: number, language: string): string {
  let amount = (then - now) / 1000
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) {
      return relativeTimeFormat(language, { numeric: 'auto' }).format(Math.round(amount), unit)
    }
    amount /= size
  }
  return ''
}

/** The absolute date and time, for a tooltip and for `<time datetime>`. */
export function fullDate(ms: number, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(ms)
}
