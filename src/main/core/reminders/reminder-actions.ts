/**
 * The buttons on a reminder where the platform shows them (macOS actions, Windows toast buttons,
 * Linux D-Bus actions where the server has them: core/freedesktop-notifier.ts) and what each one
 * does, in the app and in `onair run` alike:
 * - "Watched" records the episode through the outbox, with its undo window (the Records view and
 *   the confirmation say so);
 * - "Snooze" brings the reminder back through the core (core/reminders/snoozes.ts), silently, as
 *   calendar apps do: the reminder's return is the confirmation. 5 minutes, or as many of the other
 *   choices (snooze-choices.ts: 10 and 30 minutes, until it starts, until I can watch) as apply and
 *   the system has room for: Windows all of them, Linux two, macOS the default.
 * A program that has left the schedule meanwhile opens in the window instead (`onair run` says how
 * to open it), for either button.
 */
import type { Locale, LocalizedText } from '../../../shared/locale'
import type { RecordEntry } from '../../../shared/records'
import type { CachedProgram } from '../../../shared/schedule'
import { DEFAULT_SNOOZE, type SnoozeChoice } from '../../../shared/snooze-choice'
import { watchedRecord } from '../../../shared/watched-record'
import type { NativeNotification, NotificationButton, Notifier } from '../notify'
import type { Outbox } from '../records/outbox'
import type { ReminderService } from './reminders'
import { choiceOfButton, snoozeButtons } from './snooze-choices'
import { scheduledProgram } from './snoozes'
import type { ReminderRef } from '../notify'

const WATCHED: LocalizedText = { en: 'Watched', ja: '視聴済み' }

const RECORDED: LocalizedText = {
  en: 'Recorded as watched: {title}. Undo from Onair’s Records view before it is sent.',
  ja: '視聴済みとして記録しました: {title}。送信される前なら Onair の記録画面から取り消せます。'
}

const NOT_SNOOZED: LocalizedText = {
  en: 'Onair could not snooze {title}: the reminder was not saved ({error}). It will not come back by itself.',
  ja: 'Onair は {title} の再通知を設定できませんでした（保存できませんでした: {error}）。この通知は再表示されません。'
}

/** Reminders, and only reminders, carry the buttons: a confirmation or a summary has nothing to act on. */
export function reminderButtons(
  n: NativeNotification,
  locale: Locale,
  platform: NodeJS.Platform
): NotificationButton[] {
  if (!n.reminder) return []
  return [{ id: 'watched', text: WATCHED[locale] }, ...snoozeButtons(n.snoozes ?? [DEFAULT_SNOOZE], platform, locale)]
}

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

export interface ReminderActionDeps {
  reminders: Pick<ReminderService, 'schedule' | 'snooze' | 'actedOn'>
  outbox: Pick<Outbox, 'record'>
  notifier: Notifier
  language: () => Locale
  openProgram: (programId: number) => void
  /** The app's log, or a line on the terminal for `onair run`. */
  log: { write(level: 'error', message: string, detail?: unknown): void }
}

/** What a reminder's button does; `button` is a NotificationButton id from reminderButtons. */
export function reminderAction(deps: ReminderActionDeps): (button: string, n: NativeNotification) => void {
  const say = (text: LocalizedText, values: Record<string, string>): string =>
    Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), text[deps.language()])

  const watched = (n: NativeNotification & { reminder: NonNullable<NativeNotification['reminder']> }): void => {
    const { programId } = n.reminder
    const program = recordWatched(n.reminder, deps.reminders, deps.outbox)?.program
    if (!program) return deps.openProgram(programId)
    deps.notifier.show({
      id: `watched:${programId}`,
      title: 'Onair',
      body: say(RECORDED, { title: program.work.title }),
      target: { kind: 'record', programId }
    })
  }

  const snooze = (
    n: NativeNotification & { reminder: NonNullable<NativeNotification['reminder']> },
    choice: SnoozeChoice
  ): void => {
    try {
      const result = deps.reminders.snooze(n.reminder, choice)
      if (!result.ok) deps.openProgram(n.reminder.programId)
    } catch (error) {
      // A full disk or a locked file: the user must not wait for a reminder that will not come.
      deps.log.write('error', `snooze of "${n.reminder.key}" was not saved`, error)
      deps.notifier.show({
        id: `snooze-failed:${n.reminder.key}`,
        title: 'Onair',
        body: say(NOT_SNOOZED, { title: n.title, error: error instanceof Error ? error.message : String(error) }),
        target: { kind: 'record', programId: n.reminder.programId }
      })
    }
  }

  return (button, n) => {
    if (!n.reminder) return
    const choice = choiceOfButton(button)
    if (button === 'watched') watched({ ...n, reminder: n.reminder })
    else if (choice) snooze({ ...n, reminder: n.reminder }, choice)
  }
}
