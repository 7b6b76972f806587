import type { Page } from './schemas'

/**
 * Walking the pages of a list endpoint without trusting `next_page`: the live service answers
 * `next_page: page+1` on an empty page and on every page past the end, so a client that follows
 * it loops forever. The walk stops on whichever comes first: an empty page, `page * per_page`
 * reaching `total_count`, a null `next_page` (the documented end), or the page cap.
 */
export interface PageResult<T> extends Page<T> {
  page: number
  perPage: number
  /** Items the service sent, before any client-side filtering of `items`. */
  received: number
}

export interface PaginateOptions {
  /** Hard cap on requests for one walk. */
  maxPages?: number
}

export const DEFAULT_MAX_PAGES = 20

export function isLastPage(r: PageResult<unknown>): boolean {
  if (r.received === 0 || r.nextPage === null) return true
  return r.totalCount !== undefined && r.page * r.perPage >= r.totalCount
}

export async function* paginate<T>(
  fetchPage: (page: number) => Promise<PageResult<T>>,
  opts: PaginateOptions = {}
): AsyncGenerator<PageResult<T>> {
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES
  if (!Number.isInteger(maxPages) || maxPages < 1) throw new RangeError('maxPages must be a positive integer')
  for (let page = 1; page <= maxPages; page++) {
    const r = await fetchPage(page)
    yield r
    if (isLastPage(r)) return
  }
}

export interface Collected<T> {
  items: T[]
  totalCount: number | undefined
  pages: number
  /** False when the page cap cut the walk short: the list may be missing items. */
  complete: boolean
}

/**
 * All items of a walk, each id once: a resource inserted while paging shifts the pages and would
 * otherwise show up twice.
 */
export async function collectPages<T extends { id: number }>(
  walk: AsyncIterable<PageResult<T>>,
  compare?: (a: T, b: T) => number
): Promise<Collected<T>> {
  const byId = new Map<number, T>()
  let last: PageResult<T> | undefined
  let pages = 0
  for await (const r of walk) {
    pages++
    last = r
    for (const item of r.items) if (!byId.has(item.id)) byId.set(item.id, item)
  }
  const items = [...byId.values()]
  if (compare) items.sort(compare)
  return { items, totalCount: last?.totalCount, pages, complete: last !== undefined && isLastPage(last) }
}
