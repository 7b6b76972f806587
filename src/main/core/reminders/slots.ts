import type { CachedProgram } from '../../../shared/schedule'
import type { ReminderSettings } from '../../../shared/settings'
import { channelRule, watchAt } from '../../../shared/watch-time'

/**
 * Which broadcasts the user is reminded of (and gets calendar events for): the wanted programs on
 * channels that remind, and, with "one reminder per episode", only the earliest slot after channel
 * offsets of each episode. Pure: the planner, the scheduler and the calendar share one answer.
 */
export interface Slot {
  program: CachedProgram
  /** Epoch milliseconds at which the episode can be watched (start + the channel's offset). */
  watchAt: number
  shiftMinutes: number
  /** The same episode on the user's other reminding channels; empty without "one per episode". */
  siblings: CachedProgram[]
}

/**
 * The start time is part of the key so that a moved broadcast is reminded again. The channel's
 * offset is not: a reminder moved by a changed offset is the same reminder, and one already
 * delivered stays delivered.
 */
export function reminderKey(programId: number, startedAt: string, offsetMinutes: number): string {
  return `${programId}:${startedAt}:${offsetMinutes}`
}

/**
 * Who the reminder is, whichever slot is chosen: the episode when reminders are per episode, else
 * the program. A reminder whose slot changed with an offset is still the same reminder.
 */
export function slotIdentity(program: CachedProgram, settings: Pick<ReminderSettings, 'onePerEpisode'>): string {
  return settings.onePerEpisode && program.episode ? `episode:${program.episode.id}` : `program:${program.id}`
}

/** Earliest watch time first; the earlier broadcast, then the lower program id break ties, so every process picks alike. */
function bySlot(a: Slot, b: Slot): number {
  return (
    a.watchAt - b.watchAt ||
    Date.parse(a.program.startedAt) - Date.parse(b.program.startedAt) ||
    a.program.id - b.program.id
  )
}

export function slotsOf(
  programs: readonly CachedProgram[],
  settings: ReminderSettings,
  isWanted: (program: CachedProgram) => boolean
): Slot[] {
  const groups = new Map<string, Slot[]>()
  const seen = new Set<string>()
  for (const program of programs) {
    const rule = channelRule(settings.channels, program.channel.id)
    const at = watchAt(program, settings.channels)
    const copy = `${program.id}|${program.startedAt}`
    if (seen.has(copy) || Number.isNaN(at) || rule.muted || !isWanted(program)) continue
    seen.add(copy)
    const slot: Slot = { program, watchAt: at, shiftMinutes: rule.offsetMinutes, siblings: [] }
    const id = slotIdentity(program, settings)
    const group = groups.get(id)
    if (group) group.push(slot)
    else groups.set(id, [slot])
  }
  return [...groups.values()].map((group) => {
    const [first, ...rest] = group.sort(bySlot)
    return { ...first!, siblings: rest.map((s) => s.program) }
  })
}
