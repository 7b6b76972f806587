import type { Reminder } from '../../../shared/schedule'
import { describeDelivery } from '../../core/schedule/reminder-text'
import type { ReminderEvent } from '../../core/schedule/reminders'
import { EXIT, UsageError, type Command, type CommandContext, type ExitCode } from '../command'
import { openCliRecords } from '../context'
import { parseWebhookPort, startCliInbox } from './inbox'
import { notifySend } from '../notify-send'
import { openCliReminders, openCliSettings, signedInAccount } from '../reminders'
import { failWith } from '../report'
import { untilSignal } from '../signals'

/**
 * `onair run`: the reminder daemon without Electron. stdout is a contract: one line per reminder
 * (with --json one object per line; a reminder is exactly
 * `{"type":"reminder","programId","offsetMinutes","startedAt","firedAt"}`); everything else goes
 * to stderr in text mode and as other `type`s in JSON mode.
 */
export const run: Command = {
  name: 'run',
  summary: { en: 'Run the reminder daemon (headless)', ja: 'リマインダーを常駐で動かす（ヘッドレス）' },
  usage: ['run [--json] [--lead <minutes,…>] [--webhook <port>]'],
  description: {
    en: 'Polls the schedule (every 10 minutes by default), and prints each reminder at its time as one line, also through notify-send where it is installed. --json prints one JSON object per line: reminders as {"type":"reminder","programId","offsetMinutes","startedAt","firedAt"}, and lines of type "poll", "missed", "error" and "state". It also polls the wiki inbox (every 5 minutes by default) when a wiki token is set, and with --webhook runs the local webhook receiver: --json then first prints {"type":"webhook","url"} (the URL to register, secret included) and {"type":"event","event"} for each event. Runs until Ctrl-C or SIGTERM, then exits 0.',
    ja: '番組表を取得し（既定は 10 分ごと）、各リマインダーを時刻どおりに 1 行で表示します。notify-send があればデスクトップ通知も出します。--json では 1 行に 1 つの JSON を出力します。リマインダーは {"type":"reminder","programId","offsetMinutes","startedAt","firedAt"}、ほかに "poll"、"missed"、"error"、"state" の行があります。Wiki のトークンがあれば受信箱も取得し（既定は 5 分ごと）、--webhook を付けると Webhook の受信サーバーを動かします（--json では最初に {"type":"webhook","url"}、イベントごとに {"type":"event","event"} を出力）。Ctrl-C または SIGTERM まで動き、終了コード 0 で終わります。'
  },
  options: {
    json: { type: 'boolean', help: { en: 'one JSON object per line', ja: '1 行に 1 つの JSON を出力する' } },
    lead: {
      type: 'string',
      value: 'minutes,…',
      help: {
        en: 'lead times for this run, e.g. 10,0 (0 = at start)',
        ja: 'この実行でのリマインダーの時刻（開始の何分前か、例: 10,0。0 は開始時）'
      }
    },
    webhook: {
      type: 'string',
      value: 'port',
      help: {
        en: 'run the wiki webhook receiver on 127.0.0.1:<port> (0 = a free port)',
        ja: 'Wiki の Webhook 受信サーバーを 127.0.0.1:<port> で動かす（0 は空いているポート）'
      }
    }
  },
  run: (ctx) => runDaemon(ctx, untilSignal())
}

export function parseLead(raw: string | boolean | undefined): number[] | undefined {
  if (raw === undefined || raw === false) return undefined
  const parts = String(raw)
    .split(',')
    .map((p) => p.trim())
  if (parts.some((p) => !/^\d{1,4}$/.test(p) || Number(p) > 1440)) {
    throw new UsageError({
      en: '--lead takes minutes from 0 to 1440, separated by commas (e.g. 10,0).',
      ja: '--lead には 0〜1440 の分をカンマ区切りで指定してください（例: 10,0）。'
    })
  }
  return parts.map(Number)
}

/** The daemon until `stop` resolves; split from `run` so tests stop it without a signal. */
export async function runDaemon(ctx: CommandContext, stop: Promise<unknown>): Promise<ExitCode> {
  const leadMinutes = parseLead(ctx.flags.lead)
  const webhookPort = parseWebhookPort(ctx.flags.webhook)
  let cli
  try {
    cli = signedInAccount(ctx)
  } catch (e) {
    return failWith(ctx, e)
  }
  const json = ctx.flags.json === true
  const emit = (line: Record<string, unknown>) => ctx.io.out(JSON.stringify(line))
  const iso = (ms: number) => new Date(ms).toISOString()
  const settings = openCliSettings(ctx, leadMinutes)
  const notifier = notifySend(ctx.io.env)
  const service = openCliReminders(ctx, cli, {
    notifier,
    leadMinutes,
    onError: (e) => {
      const message = e instanceof Error ? e.message : String(e)
      if (json) emit({ type: 'error', at: iso(Date.now()), message })
      else ctx.io.err(message)
    }
  })
  service.onChange((event) =>
    json ? jsonLines(event, ctx, emit, iso) : textLines(event, ctx, settings().reminders.timeZone)
  )
  // The outbox sends what `record`/`status` left queued; a successful poll means the network is back.
  const { outbox } = openCliRecords(ctx, cli)
  service.onChange((event) => void (event.type === 'status' && event.result?.ok && outbox.flush()))
  // Reminder timers are unref'd so that they never hold a finished process; the daemon is held here.
  const keepAlive = setInterval(() => undefined, 1 << 30)
  ctx.io.err(ctx.t({ en: 'Onair is running. Press Ctrl-C to stop.', ja: 'Onair を実行中です。Ctrl-C で終了します。' }))
  void service.start()
  outbox.start()
  let stopInbox: () => Promise<void>
  try {
    stopInbox = await startCliInbox(ctx, cli, { notifier, webhookPort, json, emit })
  } catch (e) {
    // A busy webhook port is the user's to fix; the reminders must not keep running unnoticed.
    clearInterval(keepAlive)
    service.stop()
    outbox.stop()
    return failWith(ctx, e)
  }
  await stop
  clearInterval(keepAlive)
  service.stop()
  outbox.stop()
  await stopInbox()
  return EXIT.ok
}

const reminderLine = (type: 'reminder' | 'missed', r: Reminder, firedAt: string) => ({
  type,
  programId: r.programId,
  offsetMinutes: r.offsetMinutes,
  startedAt: r.startedAt,
  firedAt
})

function jsonLines(
  event: ReminderEvent,
  ctx: CommandContext,
  emit: (line: Record<string, unknown>) => void,
  iso: (ms: number) => string
): void {
  if (event.type === 'delivery') {
    const { delivery: d, firedAt } = event
    const reminders = d.kind === 'single' ? [d.reminder] : d.reminders
    for (const r of reminders) emit(reminderLine(d.kind === 'missed' ? 'missed' : 'reminder', r, iso(firedAt)))
    return
  }
  const { status, result } = event
  const at = iso(Date.now())
  if (result?.ok) {
    emit({
      type: 'poll',
      at,
      state: status.state,
      programs: result.programs.length,
      pages: result.pages,
      complete: result.complete
    })
  } else if (status.error) {
    emit({
      type: 'error',
      at,
      state: status.state,
      ...(result ? { kind: result.error.kind } : {}),
      message: ctx.t(status.error),
      retryAt: status.retryAt === null ? null : iso(status.retryAt)
    })
  } else {
    emit({ type: 'state', at, state: status.state })
  }
}

function textLines(event: ReminderEvent, ctx: CommandContext, timeZone: string | undefined): void {
  if (event.type === 'status') {
    const { status, result } = event
    if (result?.ok)
      ctx.io.err(
        ctx.t({
          en: `Schedule updated: ${result.programs.length} programs.`,
          ja: `番組表を更新しました: ${result.programs.length} 件。`
        })
      )
    else if (status.error) ctx.io.err(ctx.t(status.error))
    return
  }
  const { delivery: d, firedAt } = event
  const text = { locale: ctx.locale, timeZone, now: firedAt }
  // One line per reminder, also inside a group; a missed summary stays one line.
  const notes =
    d.kind === 'group'
      ? d.reminders.map((reminder) => describeDelivery({ kind: 'single', reminder }, text))
      : [describeDelivery(d, text)]
  for (const n of notes) ctx.io.out(`${n.title} — ${n.body.split('\n').join(d.kind === 'missed' ? '; ' : ' · ')}`)
}
