/**
 * Shared `Intl` formatters. Constructing one resolves locale data and costs far more than
 * formatting with it, and the schedule formats a time and a countdown for every row, so each
 * distinct locale + options (the time zone is one of the options) is built once and reused.
 * Formatters are immutable, so sharing them is safe.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>()

// Callers pass a handful of literal option shapes, so the cache stays small without eviction.
function memo<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  create: () => T
): T {
  const key = `${kind}\u0000${locale}\u0000${JSON.stringify(options)}`
  let formatter = cache.get(key) as T | undefined
  if (!formatter) {
    formatter = create()
    cache.set(key, formatter)
  }
  return formatter
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return memo('date', locale, options, () => new Intl.DateTimeFormat(locale, options))
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return memo('number', locale, options, () => new Intl.NumberFormat(locale, options))
}

export function relativeTimeFormat(
  locale: string,
  options: Intl.RelativeTimeFormatOptions = {}
): Intl.RelativeTimeFormat {
  return memo('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options))
}
