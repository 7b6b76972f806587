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
import { recordsHandlers } from '../records/ipc'
import { remindersHandlers } from '../schedule/reminder-acts'
import { shortcutsHandlers } from '../shortcuts/ipc'
import { describeError, FILE_ERROR, toUserError } from '../describe-error'
import { updateHandlers } from '../update/ipc'

export function createHandlers(core: Core): Handlers {
  return {
    'app:info': async () => core.info(),
    'app:openExternal': async ({ url }) => core.openExternal(url),
    'app:openLog': async () => core.openLog(),
    'app:copyDiagnostics': () => core.copyDiagnostics(),
    'app:hideWindow': async () => core.hideWindow(),
    ...accountHandlers(core.account, core.settings, (changes) => core.confirmAddressChange(changes)),
    'inbox:list': async ({ unreadOnly }) => core.inbox.view({ unreadOnly }),
    'inbox:refresh': async ({ unreadOnly }) => {
      await core.inbox.refresh()
      return core.inbox.view({ unreadOnly })
    },
    'inbox:markSeen': async ({ keys }) => ({ unseenCount: core.inbox.markSeen(keys) }),
    'inbox:markAllSeen': async () => ({ unseenCount: core.inbox.markAllSeen() }),
    'inbox:article': async (ref) => core.inbox.article(ref),
    'inbox:images': async ({ urls, asked }) => core.inbox.images(urls, asked),
    'inbox:webhookInfo': async () => core.inbox.webhookInfo(),
    ...recordsHandlers(core.records, (id) => core.reminders.recordUndone(id)),
    'schedule:get': async () => core.reminders.snapshot(),
    'schedule:refresh': async () => {
      await core.reminders.refresh()
      return core.reminders.snapshot()
    },
    ...remindersHandlers(core.reminders, core.records),
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
