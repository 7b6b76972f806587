import type { ChannelRule } from '../../../../shared/settings'
import { channelRule, watchAt } from '../../../../shared/watch-time'
import { broadcastDay, formatSlotTime, type SlotTimeOptions } from '../../lib/broadcast-day'
import { dateTimeFormat } from '../../lib/intl'

/**
 * What a schedule row says beside the broadcast time about its channel's setting: the time the
 * episode can be watched (written like the row's own time, with the weekday when the offset moves
 * it to another broadcast day), and whether the channel reminds at all.
 */
export interface WatchSlot {
  /** `22:00`, `Sat 21:00`; null when the channel has no offset. */
  time: string | null
  silent: boolean
}

export function watchSlot(
  program: { startedAt: string; channel: { id: number } },
  channels: Readonly<Record<string, ChannelRule>>,
  opts: SlotTimeOptions
): WatchSlot {
  const rule = channelRule(channels, program.channel.id)
  if (rule.offsetMinutes === 0) return { time: null, silent: rule.muted }
  const at = watchAt(program, channels)
  const time = formatSlotTime(at, opts)
  const sameDay = broadcastDay(at, opts.boundary) === broadcastDay(program.startedAt, opts.boundary)
  const day = dateTimeFormat(opts.language, { weekday: 'short' }).format(at)
  return { time: sameDay ? time : `${day} ${time}`, silent: rule.muted }
}
