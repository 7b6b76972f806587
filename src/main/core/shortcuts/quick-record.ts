import type { CachedProgram } from '../../../shared/schedule'

const MINUTE = 60_000

/**
 * After its end, a program stays the quick-record shortcut's for this long: time to reach the
 * keyboard once the credits roll, short enough not to reach back to the slot before.
 */
export const JUST_ENDED_MINUTES = 30

/**
 * The program the quick-record shortcut opens at `now`: of those with an episode that are on air
 * (started, and `durationMinutes` not yet over; the service gives no end) or ended within the last
 * JUST_ENDED_MINUTES, the one that started last; on a tie the lowest id, so the answer is stable.
 * Null when there is none.
 */
export function quickRecordProgram(
  programs: readonly CachedProgram[],
  now: number,
  durationMinutes: number
): CachedProgram | null {
  let best: CachedProgram | null = null
  let bestStart = -Infinity
  for (const program of programs) {
    const start = Date.parse(program.startedAt)
    if (!program.episode || Number.isNaN(start) || start > now) continue
    if (now >= start + (durationMinutes + JUST_ENDED_MINUTES) * MINUTE) continue
    if (start > bestStart || (start === bestStart && best !== null && program.id < best.id)) {
      best = program
      bestStart = start
    }
  }
  return best
}
