import type { ChannelRule } from './settings'

/**
 * When an episode can really be watched: its broadcast start moved by its channel's offset. Plain
 * code (no zod), so the schedule view shows the same time the reminders and the calendar use.
 */
const MINUTE = 60_000

const NO_RULE: ChannelRule = { offsetMinutes: 0, muted: false }

/** The user's rule for a channel; a channel never set has no offset and reminds. */
export function channelRule(channels: Readonly<Record<string, ChannelRule>>, channelId: number): ChannelRule {
  return Object.hasOwn(channels, String(channelId)) ? channels[String(channelId)]! : NO_RULE
}

/** Epoch milliseconds at which the program can be watched; NaN when its start cannot be read. */
export function watchAt(
  program: { startedAt: string; channel: { id: number } },
  channels: Readonly<Record<string, ChannelRule>>
): number {
  return Date.parse(program.startedAt) + channelRule(channels, program.channel.id).offsetMinutes * MINUTE
}
