import { invalidParams } from './errors'
import {
  boolParam,
  dateTimeParam,
  fieldsParam,
  idList,
  paginate,
  sortParams,
  stringParam,
  type Params,
  type SortDir
} from './params'
import { pickFields, programJson, workJson } from './serialize'
import { SEASONS, type MediaState, type ProgramRow, type StatusKind, type WorkRow } from './state'

/** The read endpoints: GET /v1/works, /v1/me/works, /v1/me/programs. */
type Json = Record<string, unknown>
const FILTERABLE_STATUS: readonly StatusKind[] = ['wanna_watch', 'watching', 'watched', 'on_hold', 'stop_watching']
const PROGRAM_STATUSES: readonly StatusKind[] = ['wanna_watch', 'watching']

function compare(a: number, b: number, dir: SortDir): number {
  return dir === 'asc' ? a - b : b - a
}

function seasonKey(w: WorkRow): number | undefined {
  return w.season ? w.season.year * 4 + SEASONS.indexOf(w.season.name) : undefined
}

function seasonFilter(q: Params, quirks: boolean): Array<{ year: number; name: string }> | undefined {
  const v = stringParam(q, 'filter_season')
  if (v === undefined) return undefined
  return v.split(',').map((part) => {
    const m = /^(\d{4})-(spring|summer|autumn|winter|all)$/.exec(part.trim())
    if (!m) {
      throw invalidParams(
        quirks,
        'filter_season は 2017-spring のような形式で指定してください',
        'filter_season must be <year>-<spring|summer|autumn|winter|all>.'
      )
    }
    return { year: Number(m[1]), name: m[2] as string }
  })
}

function envelope(key: string, rows: Json[], q: Params, quirks: boolean): Json {
  const fields = fieldsParam(q)
  const page = paginate(rows, q, quirks)
  return {
    [key]: fields ? page.items.map((r) => pickFields(r, fields, quirks)) : page.items,
    total_count: page.total_count,
    next_page: page.next_page,
    prev_page: page.prev_page
  }
}

/** `userId` set: the user's own list (/v1/me/works), which also validates filter_status. */
export function listWorks(s: MediaState, q: Params, quirks: boolean, userId?: number): Json {
  const ids = idList(q, 'filter_ids', quirks)
  const seasons = seasonFilter(q, quirks)
  const title = stringParam(q, 'filter_title')?.toLowerCase()
  // The documents say "filter by title"; the live service also matches the kana reading.
  const titleMatches = (w: WorkRow): boolean =>
    title !== undefined &&
    (w.title.toLowerCase().includes(title) || (quirks && w.titleKana.toLowerCase().includes(title)))
  const status = userId === undefined ? undefined : stringParam(q, 'filter_status')
  if (status !== undefined && !FILTERABLE_STATUS.includes(status as StatusKind)) {
    throw invalidParams(
      quirks,
      'filter_status は wanna_watch, watching, watched, on_hold, stop_watching のいずれかで指定してください',
      'filter_status must be one of wanna_watch, watching, watched, on_hold, stop_watching.',
      true
    )
  }
  const sorts = sortParams(q, ['sort_id', 'sort_season', 'sort_watchers_count'], quirks)

  let works = s.works.filter((w) => userId === undefined || s.statusOf(userId, w.id) !== undefined)
  if (ids) works = works.filter((w) => ids.includes(w.id))
  if (seasons) {
    works = works.filter(
      (w) =>
        w.season && seasons.some((f) => f.year === w.season?.year && (f.name === 'all' || f.name === w.season.name))
    )
  }
  if (title !== undefined) works = works.filter(titleMatches)
  if (status !== undefined && userId !== undefined) works = works.filter((w) => s.statusOf(userId, w.id) === status)

  works = [...works].sort((a, b) => {
    for (const [key, dir] of sorts) {
      let d: number
      if (key === 'sort_id') d = compare(a.id, b.id, dir)
      else if (key === 'sort_watchers_count') d = compare(a.watchersCount, b.watchersCount, dir)
      else {
        // Works without a season sort last in either direction.
        const ka = seasonKey(a)
        const kb = seasonKey(b)
        d = ka === undefined ? (kb === undefined ? 0 : 1) : kb === undefined ? -1 : compare(ka, kb, dir)
      }
      if (d !== 0) return d
    }
    return a.id - b.id
  })
  const rows = works.map((w) => {
    const json = workJson(w, quirks)
    // The user's list carries the status too (`status.kind` is a known `fields` name).
    if (userId !== undefined) json.status = { kind: s.statusOf(userId, w.id) }
    return json
  })
  return envelope('works', rows, q, quirks)
}

/** A fixed scramble: the live default order is not by start time, and neither is this one. */
function scramble(id: number): number {
  return Math.imul(id, 2654435761) >>> 0
}

/**
 * `GET /v1/me/programs` as /work/shared/spec/media-tracking-service.md documents it: the filters
 * of lines 215-221 (`filter_started_at_gt/_lt` "at or after/before" a `YYYY/MM/DD HH:MM` time,
 * `filter_unwatched=true` only unwatched programs), `sort_started_at` `asc`/`desc` (line 225),
 * paged by `page`/`per_page` (lines 222-223, default 25, at most 50: lines 323-325) in the envelope
 * of lines 114-120 and 329. Quirks mode plays the live service's differences
 * (design/service-notes.md: strict comparisons, a scrambled default order, `next_page` on empty pages).
 */
export function listPrograms(s: MediaState, q: Params, quirks: boolean, userId: number): Json {
  const ids = idList(q, 'filter_ids', quirks)
  const channelIds = idList(q, 'filter_channel_ids', quirks)
  const workIds = idList(q, 'filter_work_ids', quirks)
  const gt = dateTimeParam(q, 'filter_started_at_gt', quirks)
  const lt = dateTimeParam(q, 'filter_started_at_lt', quirks)
  const unwatched = boolParam(q, 'filter_unwatched', quirks)
  const rebroadcast = boolParam(q, 'filter_rebroadcast', quirks)
  const sorts = sortParams(q, ['sort_id', 'sort_started_at'], quirks)

  let programs = s.programs.filter((p) => PROGRAM_STATUSES.includes(s.statusOf(userId, p.workId) as StatusKind))
  if (ids) programs = programs.filter((p) => ids.includes(p.id))
  if (channelIds) programs = programs.filter((p) => channelIds.includes(p.channelId))
  if (workIds) programs = programs.filter((p) => workIds.includes(p.workId))
  // The documents say "at or after" / "at or before"; the live service compares strictly.
  if (gt !== undefined) programs = programs.filter((p) => (quirks ? p.startedAt > gt : p.startedAt >= gt))
  if (lt !== undefined) programs = programs.filter((p) => (quirks ? p.startedAt < lt : p.startedAt <= lt))
  // `false` means "no filter", not "watched only": the documents describe only `true`.
  if (unwatched === true) programs = programs.filter((p) => p.episodeId === null || !s.hasRecorded(userId, p.episodeId))
  if (rebroadcast !== undefined) programs = programs.filter((p) => p.isRebroadcast === rebroadcast)

  const byDefault = (a: ProgramRow, b: ProgramRow): number =>
    quirks ? scramble(a.id) - scramble(b.id) : a.startedAt - b.startedAt || a.id - b.id
  programs = [...programs].sort((a, b) => {
    for (const [key, dir] of sorts) {
      const d = key === 'sort_id' ? compare(a.id, b.id, dir) : compare(a.startedAt, b.startedAt, dir)
      if (d !== 0) return d
    }
    return sorts.length > 0 ? a.id - b.id : byDefault(a, b)
  })
  return envelope(
    'programs',
    programs.map((p) => programJson(p, s, quirks)),
    q,
    quirks
  )
}
