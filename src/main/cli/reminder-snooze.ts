import { DEFAULT_SNOOZE, SNOOZE_CHOICES, type SnoozeChoice } from '../../shared/snooze-choice'
import { historyFile, snoozesFile } from '../core/reminders/files'
import { localTime } from '../core/reminders/reminder-text'
import { scheduleFileStore } from '../core/programs/schedule-file'
import { describeError } from '../core/describe-error'
import { newestReminderOf, pressSnooze } from '../core/reminders/snooze-press'
import { settingsFileStore } from '../core/store/settings'
import { EXIT, UsageError, type CommandContext, type ExitCode } from './command'
import { movedAside } from './moved-aside'
import { failWith } from './report'

/**
 * `onair reminders snooze PROGRAM-ID [--for CHOICE]`: the Snooze of the program's newest reminder,
 * as its notification's button does, into the folder's files: whichever process serves the
 * reminders (the app, `onair run`) brings it back; with none running, the next one to start does.
 */
export async function snoozeFromCommandLine(ctx: CommandContext): Promise<ExitCode> {
  const programId = parseProgramId(ctx.positionals[1])
  const choice = parseChoice(ctx.flags.for)
  const dataDir = ctx.config.dataDir
  try {
    const settings = settingsFileStore(dataDir, movedAside(ctx)).read()
    const stores = {
      cache: scheduleFileStore(dataDir, movedAside(ctx)),
      snoozes: snoozesFile(dataDir, movedAside(ctx)),
      history: historyFile(dataDir, movedAside(ctx))
    }
    const ref = newestReminderOf(programId, stores)
    const now = ctx.clock.now()
    const result = ref && pressSnooze(stores, settings.reminders.channels, ref, choice, now, keepHistory(ctx))
    if (!ref || !result?.ok) {
      ctx.io.err(
        ctx.t({
          en: `No reminder of program ${programId} to snooze: none was shown this week, or its broadcast has left the schedule.`,
          ja: `番組 ${programId} にスヌーズできるリマインダーはありません（今週は通知されていないか、番組表から外れています）。`
        })
      )
      return EXIT.failure
    }
    if (ctx.flags.json) {
      ctx.io.out(JSON.stringify({ key: ref.key, programId, until: new Date(result.fireAt).toISOString() }))
      return EXIT.ok
    }
    const at = localTime(new Date(result.fireAt).toISOString(), {
      locale: ctx.locale,
      timeZone: settings.reminders.timeZone,
      now
    })
    ctx.io.out(ctx.t({ en: `Snoozed until ${at}.`, ja: `${at} までスヌーズしました。` }))
    return EXIT.ok
  } catch (e) {
    return failWith(ctx, e)
  }
}

/** The snooze is saved already: a history that cannot be written is said, and the command still succeeds. */
const keepHistory =
  (ctx: CommandContext) =>
  (write: () => void): void => {
    try {
      write()
    } catch (e) {
      const described = describeError(e)
      ctx.io.err(described ? ctx.t(described.message) : String(e))
    }
  }

function parseProgramId(raw: string | undefined): number {
  if (raw !== undefined && /^\d{1,12}$/.test(raw) && Number(raw) > 0) return Number(raw)
  throw new UsageError({
    en: 'reminders snooze takes a program id (onair reminders --json and onair upcoming --json show them).',
    ja: 'reminders snooze には番組 ID を指定してください（onair reminders --json や onair upcoming --json で確認できます）。'
  })
}

function parseChoice(raw: string | boolean | undefined): SnoozeChoice {
  if (raw === undefined || raw === false) return DEFAULT_SNOOZE
  const text = String(raw)
    .trim()
    .toLowerCase()
    .replace(/m(in)?$/, '')
  if ((SNOOZE_CHOICES as readonly string[]).includes(text)) return text as SnoozeChoice
  throw new UsageError({
    en: `--for takes 5, 10, 30, start (until it starts) or watch (until I can watch) (got "${String(raw)}").`,
    ja: `--for には 5、10、30、start（放送開始まで）、watch（視聴できるまで）のいずれかを指定してください（指定値: "${String(raw)}"）。`
  })
}
