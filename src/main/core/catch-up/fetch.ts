import type { CachedProgram } from '../../../shared/schedule'
import { ApiError } from '../http/errors'
import type { MediaClient } from '../media/client'
import { collectPages } from '../media/paginate'
import { PROGRAM_FIELDS } from '../programs/poll'
import { toCachedProgram } from '../programs/normalize'

const DAY = 24 * 60 * 60_000

/**
 * Thirty days of a full season's worth of works is a few hundred broadcasts; 40 pages of 50 is
 * far beyond that, so reaching it means the service is misbehaving and the walk stops.
 */
export const MAX_CATCH_UP_PAGES = 40

export type CatchUpResult =
  { ok: true; programs: CachedProgram[]; pages: number; complete: boolean } | { ok: false; error: ApiError }

/**
 * One walk of the broadcasts of the last `days` days that the service calls unwatched
 * (`filter_unwatched=true`, `filter_started_at_gt/_lt`, `sort_started_at=desc`, pages of 50: the
 * spec's `GET /v1/me/programs`). The walk stops once `page * per_page` reaches `total_count`
 * (media/paginate.ts), so a refresh costs ceil(count / 50) requests, one when there is nothing.
 * Service failures come back as a value; anything else is a bug and is thrown.
 */
export async function fetchCatchUp(input: {
  media: Pick<MediaClient, 'allPrograms'>
  now: number
  days: number
}): Promise<CatchUpResult> {
  const { media, now, days } = input
  try {
    const walk = media.allPrograms(
      {
        unwatched: true,
        startedFrom: now - days * DAY,
        startedTo: now,
        sortStartedAt: 'desc',
        perPage: 50,
        fields: PROGRAM_FIELDS
      },
      { maxPages: MAX_CATCH_UP_PAGES }
    )
    const collected = await collectPages(walk)
    const programs = collected.items
      .map(toCachedProgram)
      .filter((p): p is CachedProgram => p !== null)
      .sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt) || b.id - a.id)
    return { ok: true, programs, pages: collected.pages, complete: collected.complete }
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, error: e }
    throw e
  }
}
