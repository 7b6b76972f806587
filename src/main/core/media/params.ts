import { ApiError } from '../http/errors'
import type { StatusKind } from '../../../shared/records'
import { FILTER_STATUS_KINDS } from './schemas'

/**
 * Exact serialisation of list parameters. The live service answers 400 to any value it does not
 * recognise (a boolean other than `true`/`false`, a sort other than `asc`/`desc`, a `per_page`
 * outside 1..50), so values are checked here and a bad one never leaves the machine.
 */
export type Sort = 'asc' | 'desc'

export const MAX_PER_PAGE = 50

export interface PageParams {
  page?: number
  /** 1..50; the service's default is 25. */
  perPage?: number
}

export interface ProgramsParams extends PageParams {
  /** Dotted field names to keep; `id` and `started_at` are always added. */
  fields?: readonly string[]
  ids?: readonly number[]
  workIds?: readonly number[]
  /** Inclusive start of the window (see programs.ts for how it is widened). */
  startedFrom?: Date | number
  /** Inclusive end of the window. */
  startedTo?: Date | number
  unwatched?: boolean
  /** Defaults to `asc`: the service's own default order is not by start time. */
  sortStartedAt?: Sort
}

export interface WorksParams extends PageParams {
  /** Dotted field names to keep; `id` is always added. */
  fields?: readonly string[]
  ids?: readonly number[]
  /** `<year>-<season>`, or `<year>-all`. */
  season?: string
  title?: string
  status?: Exclude<StatusKind, 'no_select'>
  sortId?: Sort
  sortSeason?: Sort
  sortWatchersCount?: Sort
}

export type WireParams = Record<string, string>

const MINUTE = 60_000

/** `YYYY/MM/DD HH:MM` in UTC, the form the service reads for `filter_started_at_*`. */
export function formatFilterTime(t: Date | number): string {
  const ms = typeof t === 'number' ? t : t.getTime()
  if (!Number.isFinite(ms)) throw clientError('filter time is not a valid date')
  const d = new Date(ms)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getUTCFullYear()}/${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`
}

/**
 * Exactly `true` or `false`. A value that is not a boolean at run time (from untyped JSON) is
 * refused rather than sent by truthiness: a stray "maybe" must not turn sharing on.
 */
export function formatBoolean(b: boolean, name = 'flag'): 'true' | 'false' {
  if (typeof b !== 'boolean') throw clientError(`${name} must be true or false`)
  return b ? 'true' : 'false'
}

export function formatSort(name: string, s: Sort): Sort {
  if (s !== 'asc' && s !== 'desc') throw clientError(`${name} must be asc or desc`)
  return s
}

/** Comma list of positive integer ids. An empty list would mean "no filter" on the wire, so it is refused. */
export function formatIds(name: string, ids: readonly number[]): string {
  if (ids.length === 0) throw clientError(`${name} must not be empty`)
  if (!ids.every((i) => Number.isSafeInteger(i) && i > 0)) throw clientError(`${name} must be positive integers`)
  return ids.join(',')
}

const FIELD_NAME = /^[a-z_]+(\.[a-z_]+)*$/

/** The `fields` list, with the fields the schemas require added so a cut-down answer still parses. */
export function formatFields(fields: readonly string[], required: readonly string[]): string {
  for (const f of fields) if (!FIELD_NAME.test(f)) throw clientError(`invalid field name "${f}"`)
  return [...new Set([...required, ...fields])].join(',')
}

export function pageParams(p: PageParams): WireParams {
  const out: WireParams = {}
  if (p.page !== undefined) {
    if (!Number.isSafeInteger(p.page) || p.page < 1) throw clientError('page must be an integer >= 1')
    out.page = String(p.page)
  }
  if (p.perPage !== undefined) {
    if (!Number.isSafeInteger(p.perPage) || p.perPage < 1 || p.perPage > MAX_PER_PAGE) {
      throw clientError(`per_page must be an integer from 1 to ${MAX_PER_PAGE}`)
    }
    out.per_page = String(p.perPage)
  }
  return out
}

/**
 * The service compares `filter_started_at_gt/_lt` strictly and only to the minute, so the window
 * sent is the requested one rounded outwards to whole minutes and widened by one more minute on
 * each side; programs.ts then cuts the answer back to the exact window.
 */
export function programsParams(p: ProgramsParams): WireParams {
  const out: WireParams = pageParams(p)
  if (p.fields) out.fields = formatFields(p.fields, ['id', 'started_at'])
  if (p.ids) out.filter_ids = formatIds('ids', p.ids)
  if (p.workIds) out.filter_work_ids = formatIds('workIds', p.workIds)
  const from = p.startedFrom === undefined ? undefined : toMs(p.startedFrom)
  const to = p.startedTo === undefined ? undefined : toMs(p.startedTo)
  if (from !== undefined && to !== undefined && from > to) throw clientError('startedFrom is after startedTo')
  if (from !== undefined) out.filter_started_at_gt = formatFilterTime(Math.floor(from / MINUTE) * MINUTE - MINUTE)
  if (to !== undefined) out.filter_started_at_lt = formatFilterTime(Math.ceil(to / MINUTE) * MINUTE + MINUTE)
  if (p.unwatched !== undefined) out.filter_unwatched = formatBoolean(p.unwatched, 'unwatched')
  out.sort_started_at = formatSort('sortStartedAt', p.sortStartedAt ?? 'asc')
  return out
}

const SEASON = /^\d{4}-[a-z]+$/

export function worksParams(p: WorksParams): WireParams {
  const out: WireParams = pageParams(p)
  if (p.fields) out.fields = formatFields(p.fields, ['id'])
  if (p.ids) out.filter_ids = formatIds('ids', p.ids)
  if (p.season !== undefined) {
    if (!SEASON.test(p.season)) throw clientError('season must look like 2024-spring or 2024-all')
    out.filter_season = p.season
  }
  if (p.title !== undefined) out.filter_title = p.title
  if (p.status !== undefined) {
    if (!(FILTER_STATUS_KINDS as readonly string[]).includes(p.status)) {
      throw clientError(`status filter must be one of ${FILTER_STATUS_KINDS.join(', ')}`)
    }
    out.filter_status = p.status
  }
  if (p.sortId) out.sort_id = formatSort('sortId', p.sortId)
  if (p.sortSeason) out.sort_season = formatSort('sortSeason', p.sortSeason)
  if (p.sortWatchersCount) out.sort_watchers_count = formatSort('sortWatchersCount', p.sortWatchersCount)
  return out
}

export function toMs(t: Date | number): number {
  const ms = typeof t === 'number' ? t : t.getTime()
  if (!Number.isFinite(ms)) throw clientError('not a valid date')
  return ms
}

/**
 * A parameter the service would reject, caught before sending. It has the same kind as the
 * service's own 400 so callers handle both alike, but no status: nothing was sent.
 */
export function clientError(detail: string): ApiError {
  return new ApiError({ kind: 'invalid_params', service: 'media', detail: `client-side: ${detail}` })
}
