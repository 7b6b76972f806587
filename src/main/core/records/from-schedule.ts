import type { NewRecord } from '../../../shared/records'
import type { CachedProgram } from '../../../shared/schedule'
import { watchedRecord } from '../../../shared/watched-record'

/**
 * What the saved schedule knows about an episode: the broadcast it belongs to (so a lost answer
 * can be reconciled instead of asking the user, see reconcile.ts), its work and what to show.
 * Undefined when the episode is not in the schedule (then the record goes without them).
 */
export function recordContextFromSchedule(
  programs: readonly CachedProgram[],
  episodeId: number
): Pick<NewRecord, 'programId' | 'workId' | 'display'> | undefined {
  const program = programs.find((x) => x.episode?.id === episodeId)
  const record = program && watchedRecord(program)
  if (!record) return undefined
  return { programId: record.programId, workId: record.workId, display: record.display }
}
