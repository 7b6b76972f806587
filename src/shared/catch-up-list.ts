import type { CachedProgram } from './schedule'

/**
 * What "catch up" shows, decided once for the window and `onair catch-up`: each aired episode
 * once (its first airing: a rebroadcast on another channel is the same episode), without the
 * ones recorded since the list was fetched, grouped by work, newest first. Plain code, no zod:
 * the window imports it too.
 */
export interface CatchUpGroup {
  work: CachedProgram['work']
  /** Newest first; every one has an episode. */
  episodes: CachedProgram[]
}

type WithEpisode = CachedProgram & { episode: NonNullable<CachedProgram['episode']> }

const startOf = (p: CachedProgram): number => Date.parse(p.startedAt)
const newestFirst = (a: CachedProgram, b: CachedProgram): number => startOf(b) - startOf(a) || b.id - a.id

/** The episodes to catch up on, newest first: one program per episode, none already recorded. */
export function catchUpEpisodes(programs: readonly CachedProgram[], recorded: ReadonlySet<number>): CachedProgram[] {
  const first = new Map<number, WithEpisode>()
  for (const p of programs) {
    // A special without an episode has nothing to record.
    if (p.episode === null || recorded.has(p.episode.id)) continue
    const seen = first.get(p.episode.id)
    if (!seen || startOf(p) < startOf(seen) || (startOf(p) === startOf(seen) && p.id < seen.id))
      first.set(p.episode.id, p as WithEpisode)
  }
  return [...first.values()].sort(newestFirst)
}

/** Grouped by work, the work with the newest episode first (the input is newest first). */
export function catchUpGroups(episodes: readonly CachedProgram[]): CatchUpGroup[] {
  const groups = new Map<number, CatchUpGroup>()
  for (const p of episodes) {
    const group = groups.get(p.work.id)
    if (group) group.episodes.push(p)
    else groups.set(p.work.id, { work: p.work, episodes: [p] })
  }
  return [...groups.values()]
}

/**
 * "Watched up to here": the chosen episode and every one of its work that aired before it, oldest
 * first (the order they are recorded in). Empty when the episode is not on the list.
 */
export function upToHere(episodes: readonly CachedProgram[], episodeId: number): CachedProgram[] {
  const here = episodes.find((p) => p.episode?.id === episodeId)
  if (!here) return []
  return episodes
    .filter((p) => p.work.id === here.work.id && newestFirst(p, here) >= 0)
    .sort((a, b) => newestFirst(b, a))
}
