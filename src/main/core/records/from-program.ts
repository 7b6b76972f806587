import type { CachedProgram } from '../../../shared/schedule'
import type { NewRecord } from '../../../shared/records'

/**
 * "Watched" for a schedule program, as the schedule's one-click button and a reminder's
 * notification button record it: the episode, the program (so a lost answer can be reconciled) and
 * what the outbox shows. Null for a program without an episode (a special or a film): there is
 * nothing to record, the caller opens the program instead.
 */
export function watchedRecord(program: CachedProgram): NewRecord | null {
  const ep = program.episode
  if (!ep) return null
  const number = ep.numberText || (ep.number ? String(ep.number) : '')
  return {
    episodeId: ep.id,
    programId: program.id,
    workId: program.work.id,
    display: {
      workTitle: program.work.title,
      ...(ep.title ? { episodeTitle: ep.title } : {}),
      ...(number ? { episodeNumber: number } : {})
    }
  }
}
