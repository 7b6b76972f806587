import type { NewRecord } from './records'
import type { CachedProgram } from './schedule'

/**
 * "Watched" for a schedule program, the one record made from a program wherever it is made (the
 * schedule's button, a reminder's button, `onair record` finding the episode in the saved
 * schedule): the episode, the program (so a lost answer can be reconciled) and what the outbox
 * shows. Null for a program without an episode (a special or a film): there is nothing to record,
 * the caller opens the program instead. Plain code, no zod: the window imports it too.
 */
export function watchedRecord(program: CachedProgram): NewRecord | null {
  const ep = program.episode
  if (!ep) return null
  const number = ep.numberText || ep.number || ''
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
