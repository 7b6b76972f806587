import type { CachedProgram } from '../../../shared/schedule'
import type { ChannelRule } from '../../../shared/settings'
import { channelRule } from '../../../shared/watch-time'
import type { NativeNotification } from '../notify'
import { summaryLine, type TextContext } from '../reminders/reminder-text'

/** A notice names this many programs; the rest are counted, so it stays readable on every system. */
export const NAMED_TONIGHT = 8

/**
 * The one notice of a broadcast day: `Tonight: 3 shows` and a line each (`21:30 Starlit Courier
 * Ep. 6 (Tokyo MX)`, at the time it can be watched), opening the schedule. Null for none.
 */
export function describeTonight(
  programs: readonly CachedProgram[],
  ctx: TextContext & { day: string; channels: Readonly<Record<string, ChannelRule>> }
): NativeNotification | null {
  const n = programs.length
  if (n === 0) return null
  const lines = programs
    .slice(0, NAMED_TONIGHT)
    .map((p) => summaryLine(p, ctx, channelRule(ctx.channels, p.channel.id).offsetMinutes))
  const more = n - NAMED_TONIGHT
  if (more > 0) lines.push(ctx.locale === 'ja' ? `ほか ${more} 本` : `…and ${more} more`)
  return {
    id: `tonight:${ctx.day}`,
    title: ctx.locale === 'ja' ? `今夜の放送: ${n} 本` : n === 1 ? 'Tonight: 1 show' : `Tonight: ${n} shows`,
    body: lines.join('\n'),
    target: { kind: 'schedule' }
  }
}
