import type { CachedProgram } from '../../../shared/schedule'
import type { ChannelRule } from '../../../shared/settings'
import type { Episode } from '../../../shared/episode-label'
import { watchAt } from '../../../shared/watch-time'

export type PollState = 'ok' | 'offline' | 'error' | 'idle'
export type TrayIcon = 'signed-out' | 'error' | 'offline' | 'soon' | 'idle'

const MINUTE = 60_000
/** The service gives no end time; a TV anime slot is thirty minutes, so that is "still on air". */
export const ON_AIR_MS = 30 * MINUTE
const MAX_LISTED = 5
/** A program this close makes the tray icon say "soon". */
const SOON_MS = 30 * MINUTE

export interface TrayInput {
  signedIn: boolean
  pollState: PollState
  programs: readonly CachedProgram[]
  now: number
  /** Per-channel offsets: the tray counts down to when an episode can be watched, as reminders do. */
  channels?: Readonly<Record<string, ChannelRule>>
}

export interface UpcomingProgram {
  program: CachedProgram
  /** When it can be watched: the broadcast start moved by its channel's offset (epoch ms). */
  watchAt: number
  /** Until `watchAt`; negative while on air. */
  startsInMs: number
  onAir: boolean
}

/** Parts, not a sentence: the shell words the tooltip in the user's language. */
export interface TrayTooltip {
  next: { title: string; channel: string; episode: Episode | null; countdown: string; onAir: boolean } | null
}

export interface TrayState {
  icon: TrayIcon
  tooltip: TrayTooltip
  /** Up to five programs on air (started within the last 30 min) or still to come, soonest first. */
  nextPrograms: UpcomingProgram[]
}

export function trayState({ signedIn, pollState, programs, now, channels = {} }: TrayInput): TrayState {
  const nextPrograms = signedIn ? upcoming(programs, now, channels) : []
  const soon = nextPrograms.some((p) => p.startsInMs <= SOON_MS)
  const icon: TrayIcon = !signedIn
    ? 'signed-out'
    : pollState === 'error'
      ? 'error'
      : pollState === 'offline'
        ? 'offline'
        : soon
          ? 'soon'
          : 'idle'
  const first = nextPrograms[0]
  const next = first
    ? {
        title: first.program.work.title,
        channel: first.program.channel.name,
        episode: first.program.episode,
        countdown: formatCountdown(first.startsInMs),
        onAir: first.onAir
      }
    : null
  return { icon, tooltip: { next }, nextPrograms }
}

function upcoming(
  programs: readonly CachedProgram[],
  now: number,
  channels: Readonly<Record<string, ChannelRule>>
): UpcomingProgram[] {
  const byId = new Map<number, { program: CachedProgram; start: number }>()
  for (const program of programs) {
    const start = watchAt(program, channels)
    if (start > now - ON_AIR_MS && !byId.has(program.id)) byId.set(program.id, { program, start })
  }
  return [...byId.values()]
    .sort((a, b) => a.start - b.start || a.program.id - b.program.id)
    .slice(0, MAX_LISTED)
    .map(({ program, start }) => ({ program, watchAt: start, startsInMs: start - now, onAir: start <= now }))
}

/**
 * Compact, language-neutral countdown: `now`, `7m`, `1h 05m`, `2d 3h`. Minutes round up, so a
 * show is never announced as "0m" away before it has started.
 */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return 'now'
  const minutes = Math.ceil(ms / MINUTE)
  if (minutes < 60) return `${minutes}m`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`
  return `${Math.floor(hours / 24)}d ${hours % 24}h`
}
