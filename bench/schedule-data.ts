import type { ScheduleView } from '../src/shared/contract'
import type { CachedProgram } from '../src/shared/schedule'

/** N programs over the next 40 hours, with the variety a real schedule has (channels, reruns, specials). */
export function programs(n: number, now: number): CachedProgram[] {
  const spacing = (40 * 3_600_000) / n
  return Array.from({ length: n }, (_, i) => {
    const work = (i % 250) + 1
    const episode =
      i % 37 === 0
        ? null
        : { id: i + 1, number: String((i % 13) + 1), numberText: `第${(i % 13) + 1}話`, title: `Episode ${i + 1}` }
    return {
      id: i + 1,
      startedAt: new Date(now + 60_000 + i * spacing).toISOString(),
      isRebroadcast: i % 7 === 0,
      channel: { id: (i % 12) + 1, name: `Channel ${(i % 12) + 1}` },
      work: { id: work, title: `Work title ${work}`, seasonNameText: '2026年秋' },
      episode
    }
  })
}

export const viewOf = (list: CachedProgram[]): ScheduleView => ({
  fetchedAt: new Date().toISOString(),
  offline: false,
  state: 'ok',
  programs: list
})
