import { parseDocumentedTime, parseLiveTime } from './datetime'
import { invalidParams } from './errors'

/**
 * Query parameter parsing shared by the list endpoints. An empty value (`filter_ids=`) counts as
 * absent, as Rails-style services usually do.
 */
export type Params = URLSearchParams

function get(q: Params, name: string): string | undefined {
  const v = q.get(name)
  return v === null || v === '' ? undefined : v
}

export function stringParam(q: Params, name: string): string | undefined {
  return get(q, name)
}

export function idList(q: Params, name: string, quirks: boolean): number[] | undefined {
  const v = get(q, name)
  if (v === undefined) return undefined
  const parts = v.split(',').map((p) => p.trim())
  if (!parts.every((p) => /^\d+$/.test(p))) {
    throw invalidParams(
      quirks,
      `${name} は数値をカンマ区切りで指定してください`,
      `${name} must be comma-separated integers.`
    )
  }
  return parts.map(Number)
}

export function boolParam(q: Params, name: string, quirks: boolean): boolean | undefined {
  const v = get(q, name)
  if (v === undefined) return undefined
  if (v !== 'true' && v !== 'false') {
    throw invalidParams(
      quirks,
      `${name} は true または false で指定してください`,
      `${name} must be "true" or "false".`,
      true
    )
  }
  return v === 'true'
}

export type SortDir = 'asc' | 'desc'

/** Sort keys apply in the order they appear in the query string; id ascending breaks ties. */
export function sortParams(q: Params, names: readonly string[], quirks: boolean): Array<[string, SortDir]> {
  const out: Array<[string, SortDir]> = []
  for (const [key, value] of q) {
    if (!names.includes(key) || value === '') continue
    if (value !== 'asc' && value !== 'desc') {
      throw invalidParams(
        quirks,
        `${key} は asc または desc で指定してください`,
        `${key} must be "asc" or "desc".`,
        true
      )
    }
    if (!out.some(([k]) => k === key)) out.push([key, value])
  }
  return out
}

/**
 * `filter_started_at_*`: documented mode takes only `YYYY/MM/DD HH:MM`; quirks mode also takes
 * ISO 8601 as the live service's general parser does (datetime.ts). Both read no offset as UTC.
 */
export function dateTimeParam(q: Params, name: string, quirks: boolean): number | undefined {
  const v = get(q, name)
  if (v === undefined) return undefined
  const ms = quirks ? parseLiveTime(v) : parseDocumentedTime(v)
  if (ms === undefined) {
    throw invalidParams(
      quirks,
      `${name} は YYYY/MM/DD HH:MM の形式で指定してください`,
      `${name} must look like 2017/10/02 15:00.`
    )
  }
  return ms
}

export const PER_PAGE_DEFAULT = 25
export const PER_PAGE_MAX = 50

/**
 * Pagination decisions:
 * - page/per_page that are not integers: 400 in both modes.
 * - page < 1 and per_page < 1: 400 in both modes (the spec names per_page < 1 as invalid_params).
 * - per_page > 50: quirks mode rejects it (400) like the live service; the documented mode clamps
 *   it to 50, since the spec only calls 50 a "maximum".
 * - next_page / prev_page: documented mode gives null when that page does not exist (the last page
 *   is max(1, ceil(total/per_page))); quirks mode gives page+1 whenever the page is empty, so a
 *   client that follows next_page blindly never stops.
 */
export function paginate<T>(
  items: T[],
  q: Params,
  quirks: boolean
): { items: T[]; total_count: number; next_page: number | null; prev_page: number | null } {
  const page = intParam(q, 'page', quirks) ?? 1
  let perPage = intParam(q, 'per_page', quirks) ?? PER_PAGE_DEFAULT
  if (page < 1) {
    throw invalidParams(quirks, 'page は1以上の数値で指定してください', 'page must be 1 or greater.')
  }
  if (perPage < 1 || (quirks && perPage > PER_PAGE_MAX)) {
    throw invalidParams(quirks, 'per_page は1以上50以下の数値で指定してください', 'per_page must be between 1 and 50.')
  }
  perPage = Math.min(perPage, PER_PAGE_MAX)
  const total = items.length
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const slice = items.slice((page - 1) * perPage, page * perPage)
  let next: number | null = page + 1 <= lastPage ? page + 1 : null
  const prev: number | null = page - 1 >= 1 && page - 1 <= lastPage ? page - 1 : null
  if (quirks && slice.length === 0) next = page + 1
  return { items: slice, total_count: total, next_page: next, prev_page: quirks && page > 1 ? page - 1 : prev }
}

function intParam(q: Params, name: string, quirks: boolean): number | undefined {
  const v = get(q, name)
  if (v === undefined) return undefined
  if (!/^-?\d+$/.test(v)) {
    throw invalidParams(quirks, `${name} は数値で指定してください`, `${name} must be an integer.`)
  }
  return Number(v)
}

export function fieldsParam(q: Params): Set<string> | undefined {
  const v = get(q, 'fields')
  if (v === undefined) return undefined
  return new Set(
    v
      .split(',')
      .map((f) => f.trim())
      .filter((f) => f !== '')
  )
}
