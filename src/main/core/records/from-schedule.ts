import type { CachedProgram } from '../../../shared/schedule'
import type { NewRecord } from '../../../shared/records'

/**
 * What the saved schedule knows about an episode: the broadcast it belongs to (so a lost answer
 * can be reconciled instead of asking the user, see reconcile.ts), its work and what to show.
 * Undefined when the episode is not in the schedule (then the record goes without them).
 */
export function recordContextFromSchedule(
  programs: readonly CachedProgram[],
  episodeId: number
): Pick<NewRecord, 'programId' | 'workId' | 'display'> | undefined {
  const p = programs.find((x) => x.episode?.id === episodeId)
  if (!p?.episode) return undefined
  const number = p.episode.numberText || (p.episode.number === null ? '' : String(p.episode.number))
  return {
    programId: p.id,
    workId: p.work.id,
    display: {
      workTitle: p.work.title,
      ...(p.episode.title ? { episodeTitle: p.episode.title } : {}),
      ...(number ? { episodeNumber: number } : {})
    }
  }
}
