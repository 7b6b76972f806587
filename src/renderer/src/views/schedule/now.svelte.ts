/**
 * The renderer's "now" for countdowns: read from `Date.now()` (which tests replace with
 * Playwright's clock) and refreshed on each minute boundary, so a long list re-renders once a
 * minute rather than every second.
 */
export const now = $state({ ms: Date.now() })

export function tickEachMinute(): () => void {
  let timer: ReturnType<typeof setTimeout>
  const schedule = () => {
    now.ms = Date.now()
    timer = setTimeout(schedule, 60_000 - (now.ms % 60_000))
  }
  schedule()
  return () => clearTimeout(timer)
}
