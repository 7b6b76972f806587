import type { Transport } from '../http/transport'
import { paginate, type PageResult, type PaginateOptions } from './paginate'
import { MAX_PER_PAGE, programsParams, toMs, type ProgramsParams } from './params'
import { programsPageSchema, type Program } from './schemas'

export const DEFAULT_PER_PAGE = 25

/**
 * One page of `/v1/me/programs`. The service's window is widened before sending (params.ts), so
 * the answer is cut back to the exact inclusive window here, and sorted by start time because the
 * service's order cannot be relied on.
 */
export async function listPrograms(t: Transport, params: ProgramsParams = {}): Promise<PageResult<Program>> {
  const query = programsParams(params)
  const page = await t({ method: 'GET', path: '/v1/me/programs', query, schema: programsPageSchema })
  const from = params.startedFrom === undefined ? -Infinity : toMs(params.startedFrom)
  const to = params.startedTo === undefined ? Infinity : toMs(params.startedTo)
  const items = page.items
    .filter((p) => {
      const at = Date.parse(p.started_at)
      return at >= from && at <= to
    })
    .sort(byStartedAt)
  return {
    ...page,
    items,
    received: page.items.length,
    page: params.page ?? 1,
    perPage: params.perPage ?? DEFAULT_PER_PAGE
  }
}

/** Every page, 50 at a time unless told otherwise; see paginate.ts for when it stops. */
export function allPrograms(
  t: Transport,
  params: Omit<ProgramsParams, 'page'> = {},
  opts: PaginateOptions = {}
): AsyncGenerator<PageResult<Program>> {
  const perPage = params.perPage ?? MAX_PER_PAGE
  return paginate((page) => listPrograms(t, { ...params, page, perPage }), opts)
}

export function byStartedAt(a: Program, b: Program): number {
  return Date.parse(a.started_at) - Date.parse(b.started_at) || a.id - b.id
}
