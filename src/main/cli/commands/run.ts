import type { Locale, LocalizedText } from '../../../shared/locale'
import { folderSecrets } from '../../core/auth/folder-secrets'
import { SecretsUnavailable } from '../../core/auth/secrets'
import { serveFolderFirst, type ServedFirst } from '../../core/reminders/folder-reminders'
import type { Clock } from '../../core/clock'
import type { CronFactory } from '../../core/programs/cron'
import { FolderHeldError, holdFolder } from '../../core/folder-hold/folder-lock'
import { watchDataDir } from '../../core/store/data-dir'
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
    en: 'Polls the schedule (every 10 minutes by default), and prints each reminder at its time as one line, also through notify-send where it is installed. --json prints one JSON object per line: reminders as {"type":"reminder","programId","offsetMinutes","startedAt","firedAt"}, a "don’t let me miss it" repeat as {"type":"repeat","repeat",…} with the same fields, a reminder on screen whose episode was recorded elsewhere, taken back, as {"type":"withdrawn","programId","startedAt","at"}, and lines of type "poll", "missed", "error" and "state". It also polls the wiki inbox (every 5 minutes by default) when a wiki token is set, and with --webhook runs the local webhook receiver: --json then prints {"type":"webhook","url"} once it listens (the URL to register, secret included), before it {"type":"webhook-replaced","url","message"} when the saved secret was lost and the URL registered in the wiki must be replaced, and {"type":"event","event"} for each event. With calendar.subscribe.enabled on it serves the calendar feed and prints its address when it starts serving and whenever the address changes ("onair calendar new-url", New address in the app): "Calendar feed: subscribe to <url>" on stderr, with --json {"type":"calendar","url"} (url null once it stops; a port in use is an "error" line). One daemon serves a data folder: when the app or another "onair run" already does, it says which process (pid, since when) and exits 2. Its first line on stderr says where the secrets are kept (the credential store, or the plain file chosen with secrets.storage); a credential store still locked at login is waited for, said once, while the reminders of the saved schedule go on. It speaks the language of ui.locale (LANG where that is system), following a change while it runs. Runs until Ctrl-C or SIGTERM, then exits 0.',
    ja: '番組表を取得し（既定は 10 分ごと）、各リマインダーを時刻どおりに 1 行で表示します。notify-send があればデスクトップ通知も出します。--json では 1 行に 1 つの JSON を出力します。リマインダーは {"type":"reminder","programId","offsetMinutes","startedAt","firedAt"}、「見逃し防止」の再通知は同じ項目の {"type":"repeat","repeat",…}、別の場所で記録されて取り下げた通知は {"type":"withdrawn","programId","startedAt","at"}、ほかに "poll"、"missed"、"error"、"state" の行があります。Wiki のトークンがあれば受信箱も取得し（既定は 5 分ごと）、--webhook を付けると Webhook の受信サーバーを動かします（--json では待ち受けを始めた時点で {"type":"webhook","url"}、保存済みのシークレットが失われて Wiki に登録した URL を置き換える必要があるときはその前に {"type":"webhook-replaced","url","message"}、イベントごとに {"type":"event","event"} を出力）。calendar.subscribe.enabled がオンならカレンダー配信も行い、配信を始めたときとアドレスが変わったとき（「onair calendar new-url」やアプリの「アドレスを作り直す」）にアドレスを表示します（標準エラーに「カレンダー配信: <url> を購読してください」、--json では {"type":"calendar","url"}。停止すると url は null、ポートが使用中なら "error" の行）。1 つのデータフォルダーを担当する常駐は 1 つだけです。アプリや別の「onair run」がすでに担当している場合は、そのプロセス（pid と開始時刻）を示して終了コード 2 で終わります。標準エラーの最初の行に秘密情報の保存先（資格情報ストア、または secrets.storage で選んだ平文のファイル）を表示します。ログイン時に資格情報ストアがまだロックされている場合は一度だけそう伝えて解除を待ち、その間も保存済みの番組表からリマインダーを通知します。表示する言語は ui.locale に従い（system のときは LANG）、実行中の変更にも従います。Ctrl-C または SIGTERM まで動き、終了コード 0 で終わります。'
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
  openAccount?: (ctx: CommandContext) => Promise<CliAccount> | CliAccount
}

/** How long `onair run` waits before it asks a locked credential store again. */
export const UNLOCK_RETRY_MS = 30_000

const WAITING_FOR_UNLOCK: LocalizedText = {
  en: 'The credential store is locked (or not set up yet), so Onair cannot read your sign-in yet. Waiting for it to be unlocked; reminders from the saved schedule go on meanwhile.',
  ja: '資格情報ストアがロックされている（またはまだ作成されていない）ため、サインイン情報をまだ読めません。ロックが解除されるのを待っています。その間も保存済みの番組表からリマインダーを通知します。'
}

/**
 * The account, once the credential store lets it be read: a locked one (a login whose keyring is
 * unlocked later) is "not yet", said once and asked again every UNLOCK_RETRY_MS. Undefined when
 * told to stop meanwhile.
 */
async function accountWhenUnlocked(
  ctx: CommandContext,
  open: (ctx: CommandContext) => Promise<CliAccount> | CliAccount,
  stop: Promise<unknown>
): Promise<CliAccount | undefined> {
  let stopped = false
  void stop.then(() => (stopped = true))
  for (let told = false; ; told = true) {
    try {
      return await open(ctx)
    } catch (e) {
      if (!(e instanceof SecretsUnavailable && e.trouble === 'locked')) throw e
      if (!told) ctx.io.err(ctx.t(WAITING_FOR_UNLOCK))
    }
    let timer
    await Promise.race([
      stop,
      new Promise<void>((resolve) => (timer = ctx.clock.setTimeout(() => resolve(), UNLOCK_RETRY_MS)))
    ])
    if (timer !== undefined) ctx.clock.clearTimeout(timer)
    if (stopped) return undefined
  }
}

/**
 * The language of everything `onair run` says and shows (reminders, their buttons, messages): the
 * folder's `ui.locale` as it is now, the environment's only where that says "system".
 */
function followingLanguage(ctx: CommandContext, chosen: () => Locale | 'system'): CommandContext {
  const language = (): Locale => {
    const c = chosen()
    return c === 'system' ? ctx.locale : c
  }
  return {
    ...ctx,
    get locale() {
      return language()
    },
    t: (text) => text[language()]
  }
}

/** The daemon until `runtime.stop` resolves; split from `run` so tests stop it without a signal. */
export async function runDaemon(given: CommandContext, runtime: DaemonRuntime): Promise<ExitCode> {
  const overrides = { leadMinutes: parseLead(given.flags.lead), webhookPort: parseWebhookPort(given.flags.webhook) }
  const { dataDir } = given.config
  const onCorrupt = movedAside(given)
  const settingsFile = settingsFileStore(dataDir, onCorrupt)
  const settings = cliSettings(settingsFile, overrides)
  const ctx = followingLanguage(given, () => settings.read().ui.locale)
  // First, where the sign-in is read from: the credential store, or the plain file the user chose.
  const storage = folderSecrets(dataDir, () => settingsFile.read().secrets.storage).describe()
  ctx.io.err(ctx.t({ en: `Secrets: ${storage.en}`, ja: `秘密情報: ${storage.ja}` }))
  const output = daemonOutput(ctx, ctx.clock, () => settings.read().reminders.timeZone)
  const notifications = daemonNotifier(ctx, output.error)
  // One daemon per folder: a second `onair run` says who serves the reminders and exits 2.
  let attempt
  try {
    attempt = holdFolder(dataDir, { face: 'cli', now: ctx.clock.now() })
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
  let cli: CliAccount | undefined
  let failure: { error: unknown } | undefined
  try {
    cli = await accountWhenUnlocked(ctx, runtime.openAccount ?? signedInAccount, runtime.stop)
  } catch (error) {
    failure = { error }
  }
  if (!cli) {
    first.delivery.scheduler.stop()
    first.hold.release()
    await notifications.close()
    return failure ? failWith(ctx, failure.error) : EXIT.ok
  }
  await clearOfDue(first, ctx.clock)
  const { openAppServices } = await import('../../core/services')
  await clearOfDue(first, ctx.clock)
  const services = openAppServices({
    ...ground,
    account: cli.account,
    cron: runtime.cron,
    onWebhookEvent: output.webhookEvent,
    webhook: { face: 'cli', onUrlReplaced: output.webhookUrlReplaced },
    hold: { face: 'cli', whenHeld: 'refuse' },
    // Its reminders already tell `output` (serveFolderFirst).
    first
  })
  notifications.presses.bind(services, notifications.notifier)
  services.calendar.onChange(output.calendar)
  services.tonight.onShown(output.tonight)
  // The shell's network watch has no twin here: a poll that got through says the network is back,
  // so the outbox sends what `record`/`status` left queued.
  // Signed in by another process (found at a poll while signed out): the schedule is asked for now.
  cli.account.onChange((change) => change.signedIn && void services.reminders.refresh())
  services.reminders.onChange((event) => {
    if (event.type === 'status' && event.result?.ok) void services.records.outbox.flush()
  })
  // The folder it holds stays the folder it writes to: another one swapped in stops the daemon.
  let abandoned = false
  let swapped = (): void => undefined
  const folderSwapped = new Promise<void>((resolve) => (swapped = resolve))
  const stopWatch = watchDataDir(dataDir, ctx.clock, (why) => {
    ctx.io.err(ctx.t(why))
    swapped()
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
    const ended = await Promise.race([runtime.stop.then(() => 'stopped'), folderSwapped.then(() => 'swapped')])
    abandoned = ended === 'swapped'
    return abandoned ? EXIT.failure : EXIT.ok
  } finally {
    stopWatch()
    clearInterval(keepAlive)
    // Stopping the services writes their last state (the reminders' heartbeat) into the folder at
    // that name, now someone else's: the process ends without it (exit.ts exits explicitly).
    if (!abandoned) await services.stop()
    await notifications.close()
  }
}
