import { describeApiError } from '../../core/http/errors'
import { pollOnce } from '../../core/schedule/poll'
import { scheduleFileStore } from '../../core/schedule/files'
import { summaryLine } from '../../core/schedule/reminder-text'
import { formatCountdown } from '../../core/schedule/tray-state'
import { EXIT, type Command } from '../command'
import { cliSettings, signedInAccount } from '../context'
import { failWith } from '../report'

/**
 * `onair upcoming`: polls once and prints the schedule; when the service cannot be reached it
 * prints the saved one and says so on stderr. `--json` is a contract:
 * `{"fetchedAt", "offline", "programs": [...]}` with programs as the schedule cache keeps them.
 */
export const upcoming: Command = {
  name: 'upcoming',
  summary: { en: 'Show the upcoming broadcasts', ja: 'これからの放送予定を表示する' },
  usage: ['upcoming [--json]'],
  description: {
    en: 'Fetches your unwatched broadcasts (from an hour ago to 48 hours ahead by default) and saves them for offline use. When the service cannot be reached, shows the saved schedule and says so on stderr (exit 0; exit 1 when nothing was ever saved). --json prints {"fetchedAt", "offline", "programs": [...]}.',
    ja: '未視聴の放送予定（既定では 1 時間前から 48 時間後まで）を取得し、オフライン用に保存します。サービスに接続できない場合は保存済みの番組表を表示し、その旨を標準エラーに出します（終了コード 0。保存済みのものがなければ 1）。--json では {"fetchedAt", "offline", "programs": [...]} を出力します。'
  },
  options: {
    json: {
      type: 'boolean',
      help: {
        en: 'print {"fetchedAt", "offline", "programs": [...]}',
        ja: '{"fetchedAt", "offline", "programs": [...]} を出力する'
      }
    }
  },
  async run(ctx) {
    let cli
    try {
      cli = signedInAccount(ctx)
    } catch (e) {
      return failWith(ctx, e)
    }
    const cache = scheduleFileStore(ctx.config.dataDir)
    const settings = cliSettings(ctx).read()
    const result = await pollOnce({ media: cli.account.media(), now: Date.now(), settings })
    if (result.ok) {
      cache.write({ fetchedAt: new Date().toISOString(), programs: result.programs })
    } else {
      cli.account.monitor.report(result.error)
      ctx.io.err(ctx.t(describeApiError(result.error)))
    }
    const { fetchedAt, programs } = cache.read()
    if (!result.ok) {
      ctx.io.err(
        fetchedAt
          ? ctx.t({
              en: `Showing the schedule saved at ${fetchedAt}.`,
              ja: `${fetchedAt} に保存した番組表を表示します。`
            })
          : ctx.t({ en: 'No saved schedule to show yet.', ja: '保存済みの番組表はまだありません。' })
      )
    }
    if (ctx.flags.json) {
      ctx.io.out(JSON.stringify({ fetchedAt, offline: !result.ok, programs }))
    } else {
      const now = Date.now()
      const text = { locale: ctx.locale, timeZone: settings.reminders.timeZone, now }
      if (programs.length === 0)
        ctx.io.err(ctx.t({ en: 'Nothing unwatched on air in the window.', ja: 'この期間に未視聴の放送はありません。' }))
      for (const p of programs) ctx.io.out(`${summaryLine(p, text)}  ${formatCountdown(Date.parse(p.startedAt) - now)}`)
    }
    return result.ok || fetchedAt ? EXIT.ok : EXIT.failure
  }
}
