import { WorksQuery, type StatusKind, type WorkItem, type WorksPage } from '../../../shared/records'
import type { MediaClient } from '../media/client'
import type { WorksParams } from '../media/params'
import type { Work } from '../media/schemas'

/**
 * "My works": one page of `/v1/me/works` in the app's terms. The kinds seen on the way are
 * remembered, so a status change can hand the UI the kind to roll back to (see `previousStatus`).
 */
const FIELDS = ['title', 'media', 'season_name', 'season_name_text', 'episodes_count', 'watchers_count', 'status.kind']

const SORT_PARAM = { id: 'sortId', season: 'sortSeason', watchers: 'sortWatchersCount' } as const

export interface WorksView {
  list(query: WorksQuery): Promise<WorksPage>
  /** The last kind seen for a work (from a listing or a status change the app made). */
  previousStatus(workId: number): StatusKind | undefined
  remember(workId: number, kind: StatusKind | undefined): void
}

/** `media` is asked at each listing, like the outbox's. */
export function createWorksView(media: () => MediaClient): WorksView {
  const known = new Map<number, StatusKind>()
  const view: WorksView = {
    async list(raw) {
      const q = WorksQuery.parse(raw)
      const params: WorksParams = { fields: FIELDS, page: q.page, perPage: q.perPage }
      if (q.status) params.status = q.status
      if (q.season) params.season = q.season
      if (q.title) params.title = q.title
      if (q.sort) params[SORT_PARAM[q.sort.by]] = q.sort.order
      const page = await media().listWorks(params)
      for (const w of page.items) view.remember(w.id, w.status?.kind)
      const totalCount = page.totalCount ?? null
      // next_page is authoritative when present; otherwise the count decides.
      const hasNext =
        page.nextPage !== undefined ? page.nextPage !== null : totalCount !== null && q.page * q.perPage < totalCount
      return { works: page.items.map(itemOf), totalCount, page: q.page, hasNext }
    },
    previousStatus: (workId) => known.get(workId),
    remember(workId, kind) {
      if (kind) known.set(workId, kind)
    }
  }
  return view
}

function itemOf(w: Work): WorkItem {
  const item: WorkItem = { id: w.id }
  if (w.title !== undefined) item.title = w.title
  if (w.media !== undefined) item.media = w.media
  if (w.season_name !== undefined) item.season = w.season_name
  if (w.season_name_text !== undefined) item.seasonText = w.season_name_text
  if (w.episodes_count !== undefined) item.episodesCount = w.episodes_count
  if (w.watchers_count !== undefined) item.watchersCount = w.watchers_count
  if (w.status?.kind !== undefined) item.status = w.status.kind
  return item
}
