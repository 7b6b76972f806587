import type { LocalizedText } from '../../../shared/locale'
import { duration, summaryLine } from '../../core/reminders/reminder-text'
import { channelRule, watchAt } from '../../../shared/watch-time'
import { formatCountdown } from '../../core/tray/tray-state'
import { writeAtomic } from '../../core/store/atomic-write'
import { EXIT, UsageError, type Command } from '../command'
import { savedSchedule } from '../shown-schedule'

/**
 * `onair upcoming`: polls once and prints the schedule; when the service cannot be reached it
 * prints the saved one and says so on stderr. `--from-cache` prints the saved one without polling
 * (no sign-in needed; it reads the folder only, so it starts about as fast as Node itself).
 * `--json` is a contract: `{"fetchedAt", "offline", "programs": [...]}` with programs as the
 * schedule cache keeps them. `--ics [FILE]` writes the same schedule as an iCalendar document
 * (the app's "Export .ics").
 */
export const upcoming: Command = {
  usage: ['upcoming [--today] [--json] [--from-cache]', 'upcoming --ics [FILE] [--alarms] [--from-cache]'],
  positionals: { min: 0, max: 1 },
  description: {
    en: 'Fetches your unwatched broadcasts (from an hour ago to 48 hours ahead by default) and saves them for offline use. When the service cannot be reached, shows the saved schedule and says so on stderr (exit 0; exit 1 when nothing was ever saved). --json prints {"fetchedAt", "offline", "programs": [...]}. --ics prints an iCalendar document instead (one event per program; works you are not reminded of, muted or, with reminders.mode only-picked, not picked, and hidden rebroadcasts left out as for reminders), or writes it to FILE, replacing it whole; --alarms adds one alarm per reminder lead time (also on when the calendar.alarms setting is). --from-cache shows the saved schedule without asking the service (exit 1 when nothing was ever saved). --today shows only tonight\'s list: what is still to air in this broadcast day (it ends at ui.dayBoundary, 05:00 by default, so 25:30 is tonight), with the reminders\' rules for works, channels and rebroadcasts.',
    ja: '未視聴の放送予定（既定では 1 時間前から 48 時間後まで）を取得し、オフライン用に保存します。サービスに接続できない場合は保存済みの番組表を表示し、その旨を標準エラーに出します（終了コード 0。保存済みのものがなければ 1）。--json では {"fetchedAt", "offline", "programs": [...]} を出力します。--ics では代わりに iCalendar 形式で出力します（番組ごとに 1 件の予定。リマインダーと同じく、通知しない作品（ミュートした作品、reminders.mode が only-picked なら選んでいない作品）と非表示の再放送は除きます）。FILE を指定するとそのファイルを丸ごと置き換えて書き込みます。--alarms を付けるとリマインダーの時刻ごとに通知を付けます（設定 calendar.alarms が有効な場合も同じ）。--from-cache ではサービスに問い合わせず保存済みの番組表を表示します（保存済みのものがなければ終了コード 1）。--today では今夜の一覧だけを表示します: この放送日（ui.dayBoundary、既定では 5:00 に終わるので 25:30 は今夜）にこれから放送される番組を、作品・チャンネル・再放送についてのリマインダーと同じ規則で絞り込みます。'
  },
  options: {
    json: {
      type: 'boolean',
      help: {
        en: 'print {"fetchedAt", "offline", "programs": [...]}',
        ja: '{"fetchedAt", "offline", "programs": [...]} を出力する'
      }
    },
    ics: {
      type: 'boolean',
      help: {
        en: 'an iCalendar document, to stdout or to FILE',
        ja: 'iCalendar 形式で標準出力または FILE に出力する'
      }
    },
    alarms: {
      type: 'boolean',
      help: {
        en: 'with --ics: one alarm per reminder lead time',
        ja: '--ics と併用: リマインダーの時刻ごとに通知を付ける'
      }
    },
    today: {
      type: 'boolean',
      help: {
        en: "tonight's list: what is still to air in this broadcast day",
        ja: '今夜の一覧: この放送日にこれから放送される番組'
      }
    },
    'from-cache': {
      type: 'boolean',
      help: {
        en: 'the saved schedule, without asking the service',
        ja: 'サービスに問い合わせず、保存済みの番組表を使う'
      }
    }
  },
  async run(ctx) {
    const file = ctx.positionals[0]
    if ((file !== undefined || ctx.flags.alarms) && !ctx.flags.ics) {
      throw new UsageError({
        en: 'A file name and --alarms go with --ics.',
        ja: 'ファイル名と --alarms は --ics と一緒に指定してください。'
      })
    }
    if (ctx.flags.ics && ctx.flags.json) {
      throw new UsageError({
        en: 'Choose one of --json and --ics.',
        ja: '--json と --ics はどちらか一方を指定してください。'
      })
    }
    const shown = ctx.flags['from-cache']
      ? await savedSchedule(ctx)
      : await (await import('../poll-schedule')).pollSchedule(ctx)
    if (typeof shown === 'number') return shown
    const { settings, fresh } = shown
    const { fetchedAt } = shown.schedule
    const programs = ctx.flags.today
      ? (await import('../../core/tonight/list')).tonightPrograms(shown.schedule.programs, settings, ctx.clock.now())
      : shown.schedule.programs
    if (!fresh) ctx.io.err(ctx.t(savedNotice(fetchedAt, ctx.clock.now())))
    if (ctx.flags.ics) {
      if (!fresh && !fetchedAt) return EXIT.failure
      // The calendar library is read only for --ics: the plain listing starts without it.
      const { calendarDocument } = await import('../../core/calendar/feed')
      const ics = await calendarDocument({
        schedule: { fetchedAt, programs },
        settings,
        locale: ctx.locale,
        mediaUrl: await shown.mediaUrl(),
        alarms: ctx.flags.alarms === true || undefined,
        now: ctx.clock.now()
      })
      // "-" is stdout, as for most tools; a file is replaced whole or not at all.
      if (file === undefined || file === '-') ctx.io.write(ics)
      else {
        try {
          writeAtomic(file, ics, 0o644)
        } catch (e) {
          const reason = e instanceof Error ? e.message : String(e)
          ctx.io.err(
            ctx.t({
              en: `Could not write ${file}: ${reason}. Nothing was changed there.`,
              ja: `${file} に書き込めませんでした: ${reason}。既存の内容は変わっていません。`
            })
          )
          return EXIT.failure
        }
      }
    } else if (ctx.flags.json) {
      ctx.io.out(JSON.stringify({ fetchedAt, offline: !fresh, programs }))
    } else {
      const now = ctx.clock.now()
      const plain = { locale: ctx.locale, timeZone: settings.reminders.timeZone, now }
      // Tonight's list writes its times as the notice does (25:30 in extended hours).
      const text = ctx.flags.today
        ? { ...plain, time: (await import('../../core/tonight/notice')).tonightTime({ ...plain, ui: settings.ui }) }
        : plain
      if (programs.length === 0)
        ctx.io.err(
          ctx.t(
            ctx.flags.today
              ? { en: 'Nothing unwatched left to air tonight.', ja: '今夜これから放送される未視聴の番組はありません。' }
              : { en: 'Nothing unwatched on air in the window.', ja: 'この期間に未視聴の放送はありません。' }
          )
        )
      // A channel's offset (reminders.channels): the time it can be watched, counted down to.
      const { channels } = settings.reminders
      for (const p of programs) {
        const shift = channelRule(channels, p.channel.id).offsetMinutes
        ctx.io.out(`${summaryLine(p, text, shift)}  ${formatCountdown(watchAt(p, channels) - now)}`)
      }
    }
    return !shown.fileTrouble && (fresh || fetchedAt) ? EXIT.ok : EXIT.failure
  }
}

/** How old the schedule shown offline is, so nobody mistakes a day-old list for today's. */
function savedNotice(fetchedAt: string | null, now: number): LocalizedText {
  if (!fetchedAt) return { en: 'No saved schedule to show yet.', ja: '保存済みの番組表はまだありません。' }
  const minutes = Math.max(1, Math.round((now - Date.parse(fetchedAt)) / 60_000))
  return {
    en: `Showing the schedule saved at ${fetchedAt} (${duration(minutes, 'en')} ago).`,
    ja: `${fetchedAt} に保存した番組表を表示します（${duration(minutes, 'ja')}前）。`
  }
}
