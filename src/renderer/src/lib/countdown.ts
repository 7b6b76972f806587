import { numberFormat } from './intl'

/**
 * Where a program stands relative to now. The schedule has no end times, so a program counts as
 * on air for a typical half-hour slot after it starts.
 */
export const SLOT_MS = 30 * 60_000

export type AirState = { kind: 'upcoming'; msLeft: number } | { kind: 'on-air' } | { kind: 'past' }

export function airState(startedAt: string | number, now: number, slotMs = SLOT_MS): AirState {
  const start = new Date(startedAt).getTime()
  if (now < start) return { kind: 'upcoming', msLeft: start - now }
  return now < start + slotMs ? { kind: 'on-air' } : { kind: 'past' }
}

/**
 * "2 hr 5 min" / "2 時間 5 分": whole minutes, rounded up so "0 min" never shows before the start.
 * Days appear past 48 hours, where minutes stop mattering.
 */
export function formatDuration(ms: number, language: string): string {
  const totalMinutes = Math.max(1, Math.ceil(ms / 60_000))
  const unit = (value: number, u: 'day' | 'hour' | 'minute') =>
    numberFormat(language, { style: 'unit', unit: u, unitDisplay: 'short' }).format(value)
  if (totalMinutes >= 48 * 60) return unit(Math.round(totalMinutes / (24 * 60)), 'day')
  const hours = Math.floor(totalMinutes / 60)
  const minutes = totalMinutes % 60
  const parts = [
    ...(hours > 0 ? [unit(hours, 'hour')] : []),
    ...(minutes > 0 || hours === 0 ? [unit(minutes, 'minute')] : [])
  ]
  return parts.join(' ')
}

/** Whole seconds left in an undo window, never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}
