import type { CachedProgram } from '../../../shared/schedule'
import type { ChannelRule, Settings } from '../../../shared/settings'
import { channelRule } from '../../../shared/watch-time'
import type { NativeNotification } from '../notify'
import { localMinuteOfDay } from '../reminders/local-time'
import { localTime, summaryLine, type TextContext } from '../reminders/reminder-text'
import { broadcastDayOf, minutesOf } from './list'

/** A notice names this many programs; the rest are counted, so it stays readable on every system. */
export const NAMED_TONIGHT = 8

export type TonightTextContext = TextContext & { ui: Pick<Settings['ui'], 'dayBoundary' | 'extendedHours'> }

/**
 * How tonight's list writes its times. With `ui.extendedHours` as the schedule writes them: a slot
 * after midnight is 25:30 of the broadcast day, without a weekday, since it is tonight's. Otherwise,
 * and for a time outside the broadcast day, as every notice writes it (`22:00`, `Fri 01:30`).
 */
export function tonightTime(ctx: TonightTextContext): (iso: string) => string {
  const { dayBoundary, extendedHours } = ctx.ui
  const day = broadcastDayOf(ctx.now, dayBoundary, ctx.timeZone)
  return (iso) => {
    const at = Date.parse(iso)
    if (!extendedHours || broadcastDayOf(at, dayBoundary, ctx.timeZone) !== day) return localTime(iso, ctx)
    const minute = localMinuteOfDay(at, ctx.timeZone)
    const minutes = minute < minutesOf(dayBoundary) ? minute + 24 * 60 : minute
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  }
}

/**
 * The one notice of a broadcast day: `Tonight: 3 shows` and a line each (`21:30 Starlit Courier
 * Ep. 6 (Tokyo MX)`, at the time it can be watched), opening the schedule. Null for none.
 */
export function describeTonight(
  programs: readonly CachedProgram[],
  ctx: TonightTextContext & { day: string; channels: Readonly<Record<string, ChannelRule>> }
): NativeNotification | null {
  const n = programs.length
  if (n === 0) return null
  const text = { ...ctx, time: tonightTime(ctx) }
  const lines = programs
    .slice(0, NAMED_TONIGHT)
    .map((p) => summaryLine(p, text, channelRule(ctx.channels, p.channel.id).offsetMinutes))
  const more = n - NAMED_TONIGHT
  if (more > 0) lines.push(ctx.locale === 'ja' ? `ほか ${more} 本` : `…and ${more} more`)
  return {
    id: `tonight:${ctx.day}`,
    title: ctx.locale === 'ja' ? `今夜の放送: ${n} 本` : n === 1 ? 'Tonight: 1 show' : `Tonight: ${n} shows`,
    body: lines.join('\n'),
    target: { kind: 'schedule' }
  }
}
