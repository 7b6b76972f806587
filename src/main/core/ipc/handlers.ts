/**
 * The main-process side of the contract: one handler per command, and `dispatch`, the single
 * entry every IPC call goes through (in Electron via `ipcMain.handle`, in e2e tests via
 * `page.exposeFunction`), so both run exactly the same checks.
 */
import { commands, isCommandName } from '../../../shared/contract'
import type { Handlers, Reply } from '../../../shared/contract'
import type { Core } from '../app'
import { accountHandlers } from '../account/ipc'
import { calendarHandlers } from '../calendar/ipc'
import { refOf } from '../reminders/history'
import { recordWatched } from '../reminders/reminder-actions'
import { scheduledProgram } from '../reminders/snoozes'
import { shortcutsHandlers } from '../shortcuts/ipc'
import { describeError, FILE_ERROR, toUserError } from '../describe-error'
import { updateHandlers } from '../update/ipc'

export function createHandlers(core: Core): Handlers {
  const { inbox, reminders, records } = core
  const { outbox, works } = records
  // An undo within its window, from any view: the reminders' history hears of it (a reminder's
  // Watched may have queued the record).
  const undo = (id: string) => {
    const outcome = outbox.undo(id)
    if (outcome === 'removed') reminders.recordUndone(id)
    return { outcome }
  }
  return {
    'app:info': async () => core.info(),
    'app:openExternal': async ({ url }) => core.openExternal(url),
    'app:openLog': async () => core.openLog(),
    'app:copyDiagnostics': () => core.copyDiagnostics(),
    'app:hideWindow': async () => core.hideWindow(),
    ...accountHandlers(core.account, core.settings, (changes) => core.confirmAddressChange(changes)),
    'inbox:list': async ({ unreadOnly }) => inbox.view({ unreadOnly }),
    'inbox:refresh': async ({ unreadOnly }) => {
      await inbox.refresh()
      return inbox.view({ unreadOnly })
    },
    'inbox:markSeen': async ({ keys }) => ({ unseenCount: inbox.markSeen(keys) }),
    'inbox:markAllSeen': async () => ({ unseenCount: inbox.markAllSeen() }),
    'inbox:article': async (ref) => inbox.article(ref),
    'inbox:images': async ({ urls, asked }) => inbox.images(urls, asked),
    'inbox:webhookInfo': async () => inbox.webhookInfo(),
    'record:create': async (input) => outbox.record(input),
    'record:undo': async ({ id }) => undo(id),
    'record:edit': async ({ id, ...changes }) => outbox.edit(id, changes),
    'record:delete': async ({ id }) => undo(id),
    'outbox:list': async () => ({ entries: outbox.entries(), recent: outbox.recent() }),
    'outbox:retry': async ({ id }) => outbox.retry(id),
    'outbox:discard': async ({ id }) => outbox.discard(id),
    'status:set': async ({ workId, kind }) => {
      const previous = works.previousStatus(workId)
      const entry = outbox.setStatus(workId, kind, previous)
      // Optimistic: the next change of this work rolls back to this one.
      works.remember(workId, kind)
      return { entry, ...(previous ? { previous } : {}) }
    },
    'works:list': async (query) => works.list(query),
    'schedule:get': async () => reminders.snapshot(),
    'catchup:get': async () => core.catchUp.view(),
    'catchup:refresh': () => core.catchUp.refresh(),
    'schedule:refresh': async () => {
      await reminders.refresh()
      return reminders.snapshot()
    },
    'reminders:history': async () => {
      const entries = reminders.history()
      const programs = reminders.schedule().programs
      // The rows whose buttons still work: their broadcast is in the schedule.
      const actionable = new Set(
        entries
          .flatMap((e) => e.reminders)
          .filter((r) => scheduledProgram({ programId: r.program.id, startedAt: r.program.startedAt }, programs))
          .map((r) => r.key)
      )
      const snoozes = Object.fromEntries(
        entries
          .flatMap((e) => e.reminders)
          .filter((r) => actionable.has(r.key))
          .map((r) => [r.key, reminders.snoozeChoices(refOf(r))])
      )
      return { entries, actionable: [...actionable], snoozes }
    },
    'reminders:act': async ({ ref, action, choice }) => {
      const at = { ...ref, startedAt: new Date(ref.startedAt).toISOString() }
      if (action === 'snooze') {
        const snoozed = reminders.snooze(at, choice)
        return snoozed.ok ? { ok: true, until: snoozed.fireAt } : { ok: false }
      }
      const watched = recordWatched(at, reminders, outbox)
      return watched ? { ok: true, entry: watched.entry } : { ok: false }
    },
    ...calendarHandlers(core.calendar, core.calendarShell),
    ...shortcutsHandlers(core.settings, core.shortcuts, core.info().platform),
    ...updateHandlers(core.updates)
  }
}

/** Called with anything that failed unexpectedly (bad output, non-user errors), for logging. */
export type FailureReporter = (err: unknown, command: string) => void

export async function dispatch(
  handlers: Handlers,
  name: unknown,
  rawInput: unknown,
  report: FailureReporter = () => {}
): Promise<Reply> {
  if (!isCommandName(name)) {
    return {
      ok: false,
      error: {
        code: 'unknown-command',
        message: {
          en: 'Onair received a request it does not know.',
          ja: 'Onair が知らないリクエストを受け取りました。'
        }
      }
    }
  }
  const spec = commands[name]
  const input = spec.input.safeParse(rawInput)
  if (!input.success) {
    return {
      ok: false,
      error: {
        code: 'invalid-input',
        message: {
          en: 'Onair could not use what was entered. Please check it and try again.',
          ja: '入力内容を処理できませんでした。内容を確認してもう一度お試しください。'
        }
      }
    }
  }
  try {
    // The mapped Handlers type cannot be indexed by a union name without losing the pairing.
    const handler = handlers[name] as (input: unknown) => Promise<unknown>
    const output = spec.output.safeParse(await handler(input.data))
    if (!output.success) {
      report(output.error, name)
      return { ok: false, error: toUserError(output.error) }
    }
    return { ok: true, value: output.data }
  } catch (err) {
    // A refusal the user can act on is theirs to read; a refused file and a bug also go to the log.
    const known = describeError(err)
    if (!known || known.code === FILE_ERROR) report(err, name)
    return { ok: false, error: known ?? toUserError(err) }
  }
}
