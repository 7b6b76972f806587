import { formatCountdown, type UpcomingProgram } from './tray-state'

/**
 * The text beside the macOS menu-bar icon: the optional countdown (`ui.menuBarCountdown`), the
 * time until the next broadcast that has not started, in the tray's own compact words (`12m`,
 * `1h 05m`), and when that text next changes, so the shell sets the title at most once a minute
 * and not at all while nothing airs within the next hours; then the number of episodes to catch
 * up on, when there are any (`12m · 3`, or `3` alone).
 */
const MINUTE = 60_000

/** "The next hours": a countdown further off says nothing useful and would only take room. */
export const TITLE_HORIZON_MS = 3 * 60 * MINUTE

export interface MenuBarTitle {
  /** '' leaves the icon alone. */
  text: string
  /** When the text changes next (epoch ms); null: not before the schedule does. */
  nextAt: number | null
}

export function menuBarTitle(upcoming: readonly UpcomingProgram[], now: number, catchUp = 0): MenuBarTitle {
  const countdown = countdownTitle(upcoming, now)
  if (catchUp <= 0) return countdown
  return { ...countdown, text: countdown.text ? `${countdown.text} · ${catchUp}` : String(catchUp) }
}

function countdownTitle(upcoming: readonly UpcomingProgram[], now: number): MenuBarTitle {
  const next = upcoming.find((p) => p.watchAt > now)
  if (!next) return { text: '', nextAt: null }
  const startsIn = next.watchAt - now
  if (startsIn > TITLE_HORIZON_MS) return { text: '', nextAt: next.watchAt - TITLE_HORIZON_MS }
  // The countdown rounds minutes up: its text changes each time the wait crosses a whole minute.
  return { text: formatCountdown(startsIn), nextAt: now + (startsIn % MINUTE || MINUTE) }
}
