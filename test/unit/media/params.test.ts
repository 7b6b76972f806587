import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/main/core/http/errors'
import {
  formatBoolean,
  formatFields,
  formatFilterTime,
  formatIds,
  pageParams,
  programsParams,
  worksParams
} from '../../../src/main/core/media/params'

function clientSide(f: () => unknown): ApiError {
  try {
    f()
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError)
    const err = e as ApiError
    expect(err.kind).toBe('invalid_params')
    expect(err.status).toBeUndefined()
    return err
  }
  throw new Error('expected a client-side error')
}

describe('formatFilterTime', () => {
  it('formats in UTC, across a date boundary that differs in local time zones', () => {
    // 23:30 UTC on Dec 31 is already Jan 1 in Tokyo.
    expect(formatFilterTime(Date.UTC(2025, 11, 31, 23, 30, 59))).toBe('2025/12/31 23:30')
    expect(formatFilterTime(new Date('2026-01-01T00:05:00+09:00'))).toBe('2025/12/31 15:05')
    expect(formatFilterTime(Date.UTC(2026, 0, 1, 0, 0))).toBe('2026/01/01 00:00')
  })

  it('always has the exact form and truncates to the minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(9999, 0, 1) }), (ms) => {
        const s = formatFilterTime(ms)
        expect(s).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/)
        const back = Date.parse(s.replace(/\//g, '-').replace(' ', 'T') + ':00Z')
        expect(back).toBe(Math.floor(ms / 60_000) * 60_000)
      })
    )
  })

  it('rejects an invalid date', () => {
    clientSide(() => formatFilterTime(new Date('nope')))
  })
})

describe('simple values', () => {
  it('booleans are exactly true/false, lists are comma lists', () => {
    expect([formatBoolean(true), formatBoolean(false)]).toEqual(['true', 'false'])
    expect(formatIds('ids', [3, 1, 2])).toBe('3,1,2')
    clientSide(() => formatIds('ids', []))
    clientSide(() => formatIds('ids', [1, -2]))
    clientSide(() => formatIds('ids', [1.5]))
  })

  it('fields keep the required names first, once, and refuse odd names', () => {
    expect(formatFields(['work.title', 'id', 'episode.number'], ['id', 'started_at'])).toBe(
      'id,started_at,work.title,episode.number'
    )
    clientSide(() => formatFields(['work title'], []))
  })
})

describe('page and per_page are checked before sending', () => {
  it('accepts 1..50 and page >= 1', () => {
    expect(pageParams({ page: 1, perPage: 1 })).toEqual({ page: '1', per_page: '1' })
    expect(pageParams({ page: 7, perPage: 50 })).toEqual({ page: '7', per_page: '50' })
    expect(pageParams({})).toEqual({})
  })

  it('rejects anything else client-side', () => {
    for (const perPage of [0, -1, 51, 2.5, Number.NaN])
      expect(clientSide(() => pageParams({ perPage })).detail).toMatch(/per_page/)
    for (const page of [0, -3, 1.5]) expect(clientSide(() => pageParams({ page })).detail).toMatch(/page/)
  })
})

describe('programsParams', () => {
  it('serialises every filter exactly, sorts by start time by default', () => {
    const q = programsParams({
      fields: ['work.title'],
      ids: [1, 2],
      workIds: [4, 5],
      unwatched: true,
      page: 2,
      perPage: 50
    })
    expect(q).toEqual({
      page: '2',
      per_page: '50',
      fields: 'id,started_at,work.title',
      filter_ids: '1,2',
      filter_work_ids: '4,5',
      filter_unwatched: 'true',
      sort_started_at: 'asc'
    })
    expect(programsParams({ sortStartedAt: 'desc' }).sort_started_at).toBe('desc')
  })

  it('widens the started_at window outwards to whole minutes plus one minute each side', () => {
    const q = programsParams({
      startedFrom: Date.UTC(2025, 11, 31, 23, 59, 30),
      startedTo: new Date(Date.UTC(2026, 0, 1, 0, 10, 0))
    })
    expect(q.filter_started_at_gt).toBe('2025/12/31 23:58')
    expect(q.filter_started_at_lt).toBe('2026/01/01 00:11')
  })

  it('refuses an inverted window and bad sort values', () => {
    clientSide(() => programsParams({ startedFrom: 2000, startedTo: 1000 }))
    clientSide(() => programsParams({ sortStartedAt: 'ASC' as 'asc' }))
  })
})

describe('worksParams', () => {
  it('serialises filters and sorts', () => {
    expect(
      worksParams({
        fields: ['title', 'status.kind'],
        ids: [9],
        season: '2024-all',
        title: 'x',
        status: 'watching',
        sortId: 'asc',
        sortSeason: 'desc',
        sortWatchersCount: 'asc',
        perPage: 2
      })
    ).toEqual({
      per_page: '2',
      fields: 'id,title,status.kind',
      filter_ids: '9',
      filter_season: '2024-all',
      filter_title: 'x',
      filter_status: 'watching',
      sort_id: 'asc',
      sort_season: 'desc',
      sort_watchers_count: 'asc'
    })
  })

  it('refuses no_select as a filter and a malformed season', () => {
    clientSide(() => worksParams({ status: 'no_select' as 'watching' }))
    clientSide(() => worksParams({ season: 'spring 2024' }))
  })
})
