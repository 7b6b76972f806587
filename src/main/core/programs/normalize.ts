import type { CachedProgram } from '../../../shared/schedule'
import type { Program } from '../media/schemas'

/**
 * A media Program as the schedule keeps it. `fields=` and the live service can leave any
 * descriptive field out, so what a reminder cannot do without (a work to name and mute, a
 * channel to name) decides whether a program is kept; everything else degrades to null or ''.
 * Returns null for a program Onair cannot use, never throws.
 */
export function toCachedProgram(p: Program): CachedProgram | null {
  const work = p.work
  const channel = p.channel
  if (work?.id === undefined || !work.title || channel?.id === undefined) return null
  const episode = p.episode
  return {
    id: p.id,
    startedAt: p.started_at,
    isRebroadcast: p.is_rebroadcast ?? false,
    channel: { id: channel.id, name: channel.name ?? '' },
    work: { id: work.id, title: work.title, seasonNameText: work.season_name_text ?? null },
    // An episode without its id cannot be recorded, which is all Onair would do with it.
    episode:
      episode?.id === undefined
        ? null
        : {
            id: episode.id,
            number: episode.number ?? null,
            numberText: episode.number_text ?? null,
            title: episode.title ?? null
          }
  }
}
