import type { CachedProgram } from '../../../shared/schedule'
import type { Settings, ChannelRule } from '../../../shared/settings'
import { ApiError } from '../http/errors'
import type { MediaClient } from '../media/client'
import { collectPages } from '../media/paginate'
import { byStartedAt } from '../media/programs'
import { toCachedProgram } from './normalize'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * The largest delay of a channel that reminds: a broadcast that long ago can still be ahead of
 * the user (streamed a day later), so the window reaches back that much further, or its reminder
 * and its row would leave the schedule before the episode can even be watched.
 */
export function latestShift(channels: Readonly<Record<string, ChannelRule>>): number {
  return Math.max(0, ...Object.values(channels).map((c) => (c.muted ? 0 : c.offsetMinutes)))
}

/** Only what the schedule, the tray and the notifications show; `id`/`started_at` are added by the client. */
export const PROGRAM_FIELDS = [
  'is_rebroadcast',
  'channel.id',
  'channel.name',
  'work.id',
  'work.title',
  'work.season_name_text',
  'episode.id',
  'episode.number',
  'episode.number_text',
  'episode.title'
] as const

/**
 * 40 pages of 50 is 2,000 broadcasts in the window: far beyond anyone's list, so reaching it
 * means the service is misbehaving, and the walk stops instead of hammering it.
 */
export const MAX_POLL_PAGES = 40

export type PollResult =
  | {
      ok: true
      programs: CachedProgram[]
      pages: number
      complete: boolean
      skipped: number[]
      /** The inclusive window of start times asked for: a known broadcast in it and not in `programs` is watched. */
      window: { from: number; to: number }
    }
  | { ok: false; error: ApiError }

export interface PollInput {
  media: Pick<MediaClient, 'allPrograms'>
  now: number
  settings: Pick<Settings, 'poll' | 'reminders'>
}

/**
 * One walk of the user's unwatched programs in the poll window. The media client widens the
 * window by a minute each side (the service compares strictly) and cuts the answer back to the
 * exact inclusive window, so a program exactly at an edge is kept. Service failures come back as
 * a value; anything else is a bug and is thrown.
 */
export async function pollOnce({ media, now, settings }: PollInput): Promise<PollResult> {
  const { pastHours, aheadHours } = settings.poll
  const window = {
    from: now - pastHours * HOUR - latestShift(settings.reminders.channels) * MINUTE,
    to: now + aheadHours * HOUR
  }
  try {
    const walk = media.allPrograms(
      {
        unwatched: true,
        startedFrom: window.from,
        startedTo: window.to,
        sortStartedAt: 'asc',
        perPage: 50,
        fields: PROGRAM_FIELDS
      },
      { maxPages: MAX_POLL_PAGES }
    )
    const collected = await collectPages(walk, byStartedAt)
    const programs: CachedProgram[] = []
    // Dropped for missing what Onair needs: their ids are reported.
    const skipped: number[] = []
    for (const p of collected.items) {
      const c = toCachedProgram(p)
      if (c) programs.push(c)
      else skipped.push(p.id)
    }
    return { ok: true, programs, pages: collected.pages, complete: collected.complete, skipped, window }
  } catch (e) {
    if (e instanceof ApiError) return { ok: false, error: e }
    throw e
  }
}
