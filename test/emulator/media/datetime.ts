/**
 * The two readings of `filter_started_at_gt/_lt`. The documents give one form, `YYYY/MM/DD HH:MM`;
 * the live service hands the value to a general date-time parser, so ISO 8601 (with `T`, seconds,
 * fractions, `Z` or an offset) works there too. Without an offset both read the value as UTC.
 * Either returns undefined for text it cannot read or a date that does not exist (2017/02/30).
 */
const DOCUMENTED = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})$/
const LIVE =
  /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i

export function parseDocumentedTime(v: string): number | undefined {
  const m = DOCUMENTED.exec(v)
  return m ? utc(m.slice(1, 6).map(Number)) : undefined
}

export function parseLiveTime(v: string): number | undefined {
  const m = LIVE.exec(v.trim())
  if (!m) return undefined
  const [y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m.slice(1).map((x) => x ?? undefined)
  const ms = utc([y, mo, d, h, mi, s].map(Number), Number(frac.padEnd(3, '0').slice(0, 3)))
  if (ms === undefined) return undefined
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(zone as string)
  if (!offset) return ms
  const [sign, oh, om] = [offset[1] === '-' ? -1 : 1, Number(offset[2]), Number(offset[3])]
  if (oh > 23 || om > 59) return undefined
  return ms - sign * (oh * 60 + om) * 60_000
}

/** Date.UTC silently rolls 2017/02/30 and 25:00 over; such a value is refused instead. */
function utc(parts: number[], millis = 0): number | undefined {
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = parts
  const ms = Date.UTC(y, mo - 1, d, h, mi, s, millis)
  const back = new Date(ms)
  const exists =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo - 1 &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h &&
    mi <= 59 &&
    s <= 59
  return exists ? ms : undefined
}
