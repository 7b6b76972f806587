import type { ScheduleCache } from '../../../shared/schedule'
import type { ChannelRule } from '../../../shared/settings'
import { DEFAULT_SNOOZE, type SnoozeChoice } from '../../../shared/snooze-choice'
import { channelRule } from '../../../shared/watch-time'
import type { DocumentStore } from '../store/document'
import { refOf, remindedOf, type ReminderHistory } from './history'
import { snoozeChoices, snoozeUntil, type SnoozeTarget } from './snooze-choices'
import { scheduledProgram, type SnoozeResult, type Snoozes } from './snoozes'
import type { ReminderRef } from '../notify'

/**
 * A snooze pressed at `now`, wherever: a notification's button, the window's list, or `onair
 * reminders snooze`. Saved in the folder's snoozes (whichever process serves the reminders then
 * delivers it once) and kept in the history.
 */
export interface SnoozeStores {
  cache: Pick<DocumentStore<ScheduleCache>, 'read'>
  snoozes: Pick<Snoozes, 'add'>
  history: ReminderHistory
}

type Channels = Readonly<Record<string, ChannelRule>>

/** The broadcast of `ref` still on the schedule, with its channel's watch offset; undefined once it left. */
function targetOf(ref: ReminderRef, programs: ScheduleCache['programs'], channels: Channels): SnoozeTarget | undefined {
  const program = scheduledProgram(ref, programs)
  return (
    program && { startedAt: program.startedAt, shiftMinutes: channelRule(channels, program.channel.id).offsetMinutes }
  )
}

/** The snooze choices of `ref` at `now`: none once its broadcast left the schedule. */
export function choicesOf(ref: ReminderRef, stores: Pick<SnoozeStores, 'cache'>, channels: Channels, now: number) {
  const target = targetOf(ref, stores.cache.read().programs, channels)
  return target ? snoozeChoices(target, now) : []
}

/**
 * Only a broadcast still on the schedule, at the time the reminder was about, comes back. A choice
 * whose moment has passed (the start, since the list was drawn) means the default. A history
 * that cannot be written goes to `keep`; the snooze stands regardless.
 */
export function pressSnooze(
  stores: SnoozeStores,
  channels: Channels,
  ref: ReminderRef,
  choice: SnoozeChoice,
  now: number,
  keep: (write: () => void) => void
): SnoozeResult {
  const programs = stores.cache.read().programs
  const target = targetOf(ref, programs, channels)
  if (!target) return { ok: false, reason: 'not-scheduled' }
  const fireAt = snoozeUntil(choice, target, now) ?? (snoozeUntil(DEFAULT_SNOOZE, target, now) as number)
  stores.snoozes.add(ref, now, fireAt)
  keep(() => {
    const reminded = remindedOf(ref, programs, stores.history.read())
    if (reminded) stores.history.add([{ at: now, outcome: 'snoozed', reminders: [reminded], until: fireAt }], now)
  })
  return { ok: true, fireAt }
}

/** The newest reminder the history shows of this program, still on the schedule: what `onair reminders snooze` acts on. */
export function newestReminderOf(
  programId: number,
  stores: Pick<SnoozeStores, 'cache' | 'history'>
): ReminderRef | undefined {
  const programs = stores.cache.read().programs
  const entries = stores.history.read().entries
  for (let i = entries.length - 1; i >= 0; i--) {
    const found = entries[i]!.reminders.find(
      (r) => r.program.id === programId && !r.key.startsWith('premiere:') && scheduledProgram(refOf(r), programs)
    )
    if (found) return refOf(found)
  }
  return undefined
}
