/**
 * The renderer's "now" for countdowns: read from `Date.now()` (which tests replace with
 * Playwright's clock) and refreshed on each minute boundary, so a long list re-renders once a
 * minute rather than every second.
 */
export const now = $state({ ms: Date.now() })

/** For an `$effect`: the tick only writes `now`, never reads it (see below). */
export function tickEachMinute(): () => void {
  let timer: ReturnType<typeof setTimeout>
  const schedule = () => {
    // A local, not `now.ms`: reading it here would make the effect depend on what it writes, so
    // each tick would re-run it and write a newer `Date.now()` again, a flush of every row's
    // countdown per round until Svelte gives up after 1,000 (seconds to minutes with thousands of
    // rows: the window froze at a minute boundary while a long list was on screen).
    const ms = Date.now()
    now.ms = ms
    timer = setTimeout(schedule, 60_000 - (ms % 60_000))
  }
  schedule()
  return () => clearTimeout(timer)
}
