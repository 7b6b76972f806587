import type { Transport } from '../http/transport'
import type { PageResult } from './paginate'
import { worksParams, type WorksParams } from './params'
import { DEFAULT_PER_PAGE } from './programs'
import { worksPageSchema, type Work } from './schemas'

/** One page of `/v1/me/works`: the works the user holds a status on. */
export async function listWorks(t: Transport, params: WorksParams = {}): Promise<PageResult<Work>> {
  const query = worksParams(params)
  const page = await t({ method: 'GET', path: '/v1/me/works', query, schema: worksPageSchema })
  return {
    ...page,
    received: page.items.length,
    page: params.page ?? 1,
    perPage: params.perPage ?? DEFAULT_PER_PAGE
  }
}
