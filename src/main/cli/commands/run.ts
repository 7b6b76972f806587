import { serveFolderFirst, type ServedFirst } from '../../core/folder-reminders'
import type { Clock } from '../../core/clock'
import type { CronFactory } from '../../core/schedule/cron'
import { FolderHeldError, holdFolder } from '../../core/schedule/folder-lock'
import { settingsFileStore } from '../../core/store/settings'
import { EXIT, UsageError, type Command, type CommandContext, type ExitCode } from '../command'
import type { CliAccount } from '../context'
import { cliSettings } from '../cli-settings'
import { movedAside } from '../moved-aside'
import { daemonOutput } from '../daemon-output'
import { daemonNotifier } from '../desktop-notifier'
import { untilSignal } from '../signals'

/**
 * `onair run`: the tray app's services (reminders, outbox, wiki inbox and its webhook receiver,
 * `openAppServices`) without Electron: notify-send for notifications, this run's lead times and
 * webhook port, and lines on stdout (see daemon-output.ts for the contract).
 */
export const run: Command = {
  usage: ['run [--json] [--lead <minutes,…>] [--webhook <port>]'],
  description: {
    en: 'Polls the schedule (every 10 minutes by default), and prints each reminder at its time as one line, also through notify-send where it is installed. --json prints one JSON object per line: reminders as {"type":"reminder","programId","offsetMinutes","startedAt","firedAt"}, a "don’t let me miss it" repeat as {"type":"repeat","repeat",…} with the same fields, a reminder on screen whose episode was recorded elsewhere, taken back, as {"type":"withdrawn","programId","startedAt","at"}, and lines of type "poll", "missed", "error" and "state". It also polls the wiki inbox (every 5 minutes by default) when a wiki token is set, and with --webhook runs the local webhook receiver: --json then prints {"type":"webhook","url"} once it listens (the URL to register, secret included), before it {"type":"webhook-replaced","url","message"} when the saved secret was lost and the URL registered in the wiki must be replaced, and {"type":"event","event"} for each event. With calendar.subscribe.enabled on it serves the calendar feed and prints its address when it starts serving and whenever the address changes ("onair calendar new-url", New address in the app): "Calendar feed: subscribe to <url>" on stderr, with --json {"type":"calendar","url"} (url null once it stops; a port in use is an "error" line). One daemon serves a data folder: when the app or another "onair run" already does, it says which process (pid, since when) and exits 2. Runs until Ctrl-C or SIGTERM, then exits 0.',
    ja: '番組表を取得し（既定は 10 分ごと）、各リマインダーを時刻どおりに 1 行で表示します。notify-send があればデスクトップ通知も出します。--json では 1 行に 1 つの JSON を出力します。リマインダーは {"type":"reminder","programId","offsetMinutes","startedAt","firedAt"}、「見逃し防止」の再通知は同じ項目の {"type":"repeat","repeat",…}、別の場所で記録されて取り下げた通知は {"type":"withdrawn","programId","startedAt","at"}、ほかに "poll"、"missed"、"error"、"state" の行があります。Wiki のトークンがあれば受信箱も取得し（既定は 5 分ごと）、--webhook を付けると Webhook の受信サーバーを動かします（--json では待ち受けを始めた時点で {"type":"webhook","url"}、保存済みのシークレットが失われて Wiki に登録した URL を置き換える必要があるときはその前に {"type":"webhook-replaced","url","message"}、イベントごとに {"type":"event","event"} を出力）。calendar.subscribe.enabled がオンならカレンダー配信も行い、配信を始めたときとアドレスが変わったとき（「onair calendar new-url」やアプリの「アドレスを作り直す」）にアドレスを表示します（標準エラーに「カレンダー配信: <url> を購読してください」、--json では {"type":"calendar","url"}。停止すると url は null、ポートが使用中なら "error" の行）。1 つのデータフォルダーを担当する常駐は 1 つだけです。アプリや別の「onair run」がすでに担当している場合は、そのプロセス（pid と開始時刻）を示して終了コード 2 で終わります。Ctrl-C または SIGTERM まで動き、終了コード 0 で終わります。'
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
  // V8's memory flags are set when the registry loads this command (registry.ts).
  run(ctx) {
    return runDaemon(ctx, { stop: untilSignal() })
  }
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

export function parseWebhookPort(raw: string | boolean | undefined): number | undefined {
  if (raw === undefined || raw === false) return undefined
  const port = Number(raw)
  if (!/^\d{1,5}$/.test(String(raw)) || port > 65535) {
    throw new UsageError({
      en: '--webhook takes a port from 0 to 65535 (0 picks a free one).',
      ja: '--webhook には 0〜65535 のポートを指定してください（0 は空いているポート）。'
    })
  }
  return port
}

/** One turn of the event loop: due timers run before it resolves. */
const aTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** How soon a reminder must be due for the next step of the start to wait until it is out. */
const IMMINENT_MS = 1_000

/**
 * A turn of the event loop, and then, when a reminder falls due within a second, its delivery:
 * a step of the start holds the event loop for up to a few hundred milliseconds on a busy
 * machine, and a reminder due meanwhile would be that late.
 */
async function clearOfDue(first: ServedFirst, clock: Clock): Promise<void> {
  await aTurn()
  const next = first.delivery.scheduler.nextFireAt()
  if (next === null || next - clock.now() > IMMINENT_MS) return
  await new Promise((resolve) => clock.setTimeout(() => resolve(undefined), next - clock.now()))
  await aTurn()
}

export interface DaemonRuntime {
  /** Resolves when the daemon should stop: a signal, or the test that started it. */
  stop: Promise<unknown>
  /** How the schedules tick; tests tick them by hand. */
  cron?: CronFactory
  /** The signed-in account (context.ts `signedInAccount`), opened once what fell due is out. */
  openAccount?: (ctx: CommandContext) => CliAccount
}

/** The daemon until `runtime.stop` resolves; split from `run` so tests stop it without a signal. */
export async function runDaemon(ctx: CommandContext, runtime: DaemonRuntime): Promise<ExitCode> {
  const overrides = { leadMinutes: parseLead(ctx.flags.lead), webhookPort: parseWebhookPort(ctx.flags.webhook) }
  const { dataDir } = ctx.config
  const onCorrupt = movedAside(ctx)
  const settings = cliSettings(settingsFileStore(dataDir, onCorrupt), overrides)
  const output = daemonOutput(ctx, ctx.clock, () => settings.read().reminders.timeZone)
  const notifications = daemonNotifier(ctx)
  // One daemon per folder: a second `onair run` says who serves the reminders and exits 2.
  let attempt
  try {
    attempt = holdFolder(dataDir, { face: 'cli', now: ctx.clock.now(), onLost: output.error })
  } catch (e) {
    await notifications.close()
    throw e
  }
  if (!attempt.ok) {
    await notifications.close()
    ctx.io.err(ctx.t(new FolderHeldError(attempt.holder).userMessage))
    return EXIT.usage
  }
  const ground = {
    dataDir,
    clock: ctx.clock,
    notifier: notifications.notifier,
    locale: () => ctx.locale,
    settings,
    onError: output.error,
    onCorrupt
  }
  // What fell due while no daemon served the folder, from the saved files, before the account, the
  // HTTP client, the inbox and the calendar are loaded and built: a reminder already late waits
  // for none of them.
  let first: ServedFirst
  try {
    first = serveFolderFirst(ground, attempt.hold, output.reminders)
  } catch (e) {
    attempt.hold.release()
    await notifications.close()
    throw e
  }
  // The rest is loaded and built in steps, none of them while a reminder is due (clearOfDue).
  await clearOfDue(first, ctx.clock)
  const [{ signedInAccount }, { failWith }] = await Promise.all([import('../context'), import('../report')])
  await clearOfDue(first, ctx.clock)
  let cli
  try {
    cli = (runtime.openAccount ?? signedInAccount)(ctx)
  } catch (e) {
    first.delivery.scheduler.stop()
    first.hold.release()
    await notifications.close()
    return failWith(ctx, e)
  }
  await clearOfDue(first, ctx.clock)
  const { openAppServices } = await import('../../core/services')
  await clearOfDue(first, ctx.clock)
  const services = openAppServices({
    ...ground,
    account: cli.account,
    cron: runtime.cron,
    onWebhookEvent: output.webhookEvent,
    webhook: { secrets: cli.secrets, face: 'cli', onUrlReplaced: output.webhookUrlReplaced },
    hold: { face: 'cli', whenHeld: 'refuse' },
    // Its reminders already tell `output` (serveFolderFirst).
    first
  })
  notifications.actOn(services, output.error)
  services.calendar.onChange(output.calendar)
  // The shell's network watch has no twin here: a poll that got through says the network is back,
  // so the outbox sends what `record`/`status` left queued.
  services.reminders.onChange((event) => {
    if (event.type === 'status' && event.result?.ok) void services.records.outbox.flush()
  })
  ctx.io.err(ctx.t({ en: 'Onair is running. Press Ctrl-C to stop.', ja: 'Onair を実行中です。Ctrl-C で終了します。' }))
  // The cron's ticks do not hold the process (cron.ts) and, with no reminder or retry pending,
  // nothing else would: the daemon is held here until it is told to stop.
  const keepAlive = setInterval(() => undefined, 1 << 30)
  try {
    await services.start()
    if (overrides.webhookPort !== undefined) {
      const { url } = services.inbox.webhookInfo()
      // The receiver's failure was printed (onError); asked for explicitly, it is not optional.
      if (!url) return EXIT.failure
      output.webhookUrl(url)
    }
    await runtime.stop
    return EXIT.ok
  } finally {
    clearInterval(keepAlive)
    await services.stop()
    await notifications.close()
  }
}
