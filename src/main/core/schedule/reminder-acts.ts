import type { Handlers } from '../../../shared/contract'
import type { RecordEntry } from '../../../shared/records'
import type { CachedProgram } from '../../../shared/schedule'
import type { Outbox } from '../records/outbox'
import { watchedRecord } from '../../../shared/watched-record'
import type { RecordsCore } from '../records/ipc'
import type { ReminderService } from './reminders'
import { scheduledProgram, type ReminderRef } from './snoozes'

/**
 * "Watched" on a reminder, from its notification or from the Reminders list: the episode goes
 * through the outbox (with its undo window) and the history notes it. Returns the program and
 * the outbox entry (the list offers its Undo), or undefined when the broadcast left the schedule or
 * has no episode to record: the caller opens the program instead.
 */
export function recordWatched(
  ref: ReminderRef,
  reminders: Pick<ReminderService, 'schedule' | 'actedOn'>,
  outbox: Pick<Outbox, 'record'>
): { program: CachedProgram; entry: RecordEntry } | undefined {
  const program = scheduledProgram(ref, reminders.schedule().programs)
  const record = program ? watchedRecord(program) : null
  if (!program || !record) return undefined
  const entry = outbox.record(record)
  reminders.actedOn(ref, 'watched', entry.id)
  return { program, entry }
}

type RemindersCommand = Extract<keyof Handlers, `reminders:${string}`>

/** The `reminders:*` handlers: the history for the window's list, and its rows' buttons. */
export function remindersHandlers(reminders: ReminderService, records: RecordsCore): Pick<Handlers, RemindersCommand> {
  return {
    'reminders:history': async () => {
      const entries = reminders.history()
      const programs = reminders.schedule().programs
      const actionable = new Set(
        entries
          .flatMap((e) => e.reminders)
          .filter((r) => scheduledProgram({ programId: r.program.id, startedAt: r.program.startedAt }, programs))
          .map((r) => r.key)
      )
      return { entries, actionable: [...actionable] }
    },
    'reminders:act': async ({ ref, action }) => {
      const at = { ...ref, startedAt: new Date(ref.startedAt).toISOString() }
      if (action === 'snooze') return { ok: reminders.snooze(at).ok }
      const watched = recordWatched(at, reminders, records.outbox)
      return watched ? { ok: true, entry: watched.entry } : { ok: false }
    }
  }
}
