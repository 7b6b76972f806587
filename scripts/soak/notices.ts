import { count, extra, MINUTE, type DaemonLine, type NoticeTally, type SeededProgram } from './tally'

/**
 * The soak's tally of what is not a lead-time reminder: "don't let me miss it"
 * repeats and premieres. Like the reminders, what should have come is worked out from the seed
 * and the settings, never from the daemons' own count; a duplicate is any showing beyond one, and
 * a line of anything not expected at all is `unexpected` (a check of its own, so it cannot pass unseen).
 */
/** As the planner says (core/reminders/repeats.ts): minutes after the start, and the cap per episode. */
const REPEAT_AFTER_MINUTES = [0, 5]
const MAX_PER_EPISODE = 3

export interface ExpectedRepeat {
  programId: number
  /** The repeat's number (1: at the start, 2: 5 min after). */
  n: number
  due: number
}

/**
 * The repeats a daemon serving the whole time must show for these programs of a "don't let me
 * miss it" work, none acted on, no quiet hours, none on a channel with an offset: a repeat at a
 * moment a lead time reminds anyway is not made, and the lead times count toward the cap.
 */
export function expectedRepeats(
  programs: readonly SeededProgram[],
  leadMinutes: readonly number[],
  window: { from: number; to: number }
): ExpectedRepeat[] {
  const room = Math.max(0, MAX_PER_EPISODE - leadMinutes.length)
  return programs
    .flatMap((p) =>
      REPEAT_AFTER_MINUTES.map((after, i) => ({ programId: p.programId, n: i + 1, due: p.startedAt + after * MINUTE }))
        .filter((r) => !leadMinutes.some((lead) => p.startedAt - lead * MINUTE === r.due))
        .slice(0, room)
    )
    .filter((r) => r.due >= window.from && r.due <= window.to)
}

/** `repeat` lines of `onair run --json` (their `repeat` is n) against what was expected. */
export function tallyRepeats(
  programs: readonly SeededProgram[],
  expected: readonly ExpectedRepeat[],
  lines: readonly DaemonLine[]
): NoticeTally {
  const seeded = new Set(programs.map((p) => p.programId))
  const key = (programId: number, n: number) => `${programId}#${n}`
  const repeats = lines.filter((l) => l.type === 'repeat')
  const shown = count(repeats.filter((l) => seeded.has(l.programId)).map((l) => key(l.programId, l.repeat ?? 0)))
  const fired = expected.filter((r) => shown.has(key(r.programId, r.n))).length
  return {
    expected: expected.length,
    shown: fired,
    missed: expected.length - fired,
    duplicated: extra(shown),
    unexpected: repeats.filter((l) => !seeded.has(l.programId)).length
  }
}

/** A program of the seed, as the premiere rule reads it (core/reminders/premieres.ts). */
export interface SeededFirst {
  workId: number
  startedAt: number
  isRebroadcast: boolean
  /** Its episode's number (null: none, or not an episode). */
  episode: number | null
  /** The user marked its work watching or want to watch, so it is on the user's schedule. */
  onSchedule: boolean
}

/**
 * The works whose premiere the run must announce: a first episode, not a rebroadcast, on the
 * user's schedule, starting after `from` (the first poll). Reminded of every work, as the soak is.
 */
export function expectedPremieres(programs: readonly SeededFirst[], from: number): number[] {
  const works = programs.filter((p) => p.onSchedule && !p.isRebroadcast && p.episode === 1 && p.startedAt > from)
  return [...new Set(works.map((p) => p.workId))].sort((a, b) => a - b)
}

/** `premiere` lines: each work announced once at most, `expectedWorks` announced at all, no other. */
export function tallyPremieres(expectedWorks: readonly number[], lines: readonly DaemonLine[]): NoticeTally {
  const premieres = lines.filter((l) => l.type === 'premiere')
  const expected = new Set(expectedWorks.map(String))
  const shown = count(premieres.map((l) => String(l.workId)).filter((w) => expected.has(w)))
  return {
    expected: expected.size,
    shown: shown.size,
    missed: expected.size - shown.size,
    duplicated: extra(shown),
    unexpected: premieres.filter((l) => !expected.has(String(l.workId))).length
  }
}
