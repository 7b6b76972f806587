import type { LocalizedText } from '../../../shared/locale'
import type { HistoryEntry } from '../../../shared/reminder-history'
import { historyFile } from '../../core/reminders/files'
import { HISTORY_KEEP_MS } from '../../core/reminders/history'
import { OUTCOME_LABELS } from '../../core/reminders/outcome-labels'
import { duration, localTime, summaryLine } from '../../core/reminders/reminder-text'
import { settingsFileStore } from '../../core/store/settings'
import { EXIT, UsageError, type Command } from '../command'
import { movedAside } from '../moved-aside'
import { failWith } from '../report'

/**
 * `onair reminders`: what became of the reminders of the data folder this week (the history the
 * app and `onair run` both write, core/reminders/history.ts), oldest first. Reads only: it needs no
 * sign-in and never takes the folder. `--json` prints `{"entries": [...]}` as the file keeps them.
 */
export const reminders: Command = {
  usage: ['reminders [--json] [--since DURATION]', 'reminders snooze PROGRAM-ID [--for 5|10|30|start|watch] [--json]'],
  positionals: { min: 0, max: 2 },
  description: {
    en: 'Each line: when, what happened (shown and how late, missed, not repeated, held by quiet hours, snoozed, marked watched, opened, recorded elsewhere and withdrawn), and the broadcast. Kept for 7 days. DURATION is like 90m, 12h, 2d or 1h30m. "snooze" snoozes the newest reminder of a program, as its notification\'s button does: 5 minutes, or --for 10, 30, start (until it starts) or watch (until I can watch, on a channel with a watch offset); a choice whose moment has passed snoozes for 5 minutes. The app or "onair run" brings it back. --json prints {"key","programId","until"}.',
    ja: '各行: いつ、何が起きたか（通知とその遅れ、見逃し、重複の省略、おやすみ時間による保留、スヌーズ、視聴済み、通知を開いた、別の場所で記録済みのため取り下げ）、放送。7 日間保存されます。DURATION は 90m、12h、2d、1h30m のように指定します。「snooze」は番組の最新のリマインダーを通知のボタンと同じようにスヌーズします。既定は 5 分、--for 10、30、start（放送開始まで）、watch（視聴できるまで。視聴時刻のずれを設定したチャンネル）も指定できます。時刻を過ぎた選択は 5 分になります。アプリか「onair run」が再通知します。--json では {"key","programId","until"} を出力します。'
  },
  options: {
    json: { type: 'boolean', help: { en: 'print {"entries": [...]}', ja: '{"entries": [...]} を出力する' } },
    for: {
      type: 'string',
      value: 'CHOICE',
      help: { en: 'with snooze: 5, 10, 30, start or watch', ja: 'snooze と使う: 5、10、30、start、watch' }
    },
    since: {
      type: 'string',
      value: 'DURATION',
      help: { en: 'only this far back (default: all 7 days)', ja: 'この期間だけ表示する（既定: 7 日間すべて）' }
    }
  },
  async run(ctx) {
    const [action] = ctx.positionals
    if (action === 'snooze') return (await import('../reminder-snooze')).snoozeFromCommandLine(ctx)
    if (action !== undefined)
      throw new UsageError({
        en: `Unknown action "${action}": onair reminders [snooze PROGRAM-ID].`,
        ja: `不明な操作「${action}」: onair reminders [snooze PROGRAM-ID]`
      })
    const since = ctx.flags.since === undefined ? HISTORY_KEEP_MS : parseSince(ctx.flags.since)
    const now = ctx.clock.now()
    let entries: HistoryEntry[]
    let timeZone: string | undefined
    try {
      timeZone = settingsFileStore(ctx.config.dataDir, movedAside(ctx)).read().reminders.timeZone
      entries = historyFile(ctx.config.dataDir, movedAside(ctx))
        .read()
        .entries.filter((e) => e.at >= now - since)
    } catch (e) {
      return failWith(ctx, e)
    }
    if (ctx.flags.json) {
      ctx.io.out(JSON.stringify({ entries }))
      return EXIT.ok
    }
    if (entries.length === 0)
      ctx.io.err(ctx.t({ en: 'No reminders in this period.', ja: 'この期間のリマインダーはありません。' }))
    const text = { locale: ctx.locale, timeZone, now }
    for (const e of entries) {
      const when = localTime(new Date(e.at).toISOString(), text)
      const lines = e.reminders.map((r) => summaryLine(r.program, text))
      const head = `${when}  ${ctx.t(outcomeText(e, text))}`
      if (lines.length === 1) ctx.io.out(`${head}: ${lines[0]}`)
      else for (const line of [head, ...lines.map((l) => `    ${l}`)]) ctx.io.out(line)
    }
    return EXIT.ok
  }
}

/** The outcome's label (core/reminders/outcome-labels.ts), with the details this entry carries. */
function outcomeText(e: HistoryEntry, text: { timeZone?: string; now: number }): LocalizedText {
  const label = OUTCOME_LABELS[e.outcome]
  // Within a minute is on time: a timer wakes a few milliseconds late, and a minute is the unit shown.
  const minutes = Math.round((e.lateMs ?? 0) / 60_000)
  const late = (e.lateMs ?? 0) >= 60_000 && { en: duration(minutes, 'en'), ja: duration(minutes, 'ja') }
  switch (e.outcome) {
    case 'delivered':
      return late ? { en: `Shown ${late.en} late`, ja: `${late.ja}遅れて通知` } : label
    case 'again':
      return late
        ? { en: `Shown again ${late.en} late (not acted on)`, ja: `${late.ja}遅れて再通知（未対応のため）` }
        : label
    case 'missed':
      return e.why === 'not-running'
        ? { en: 'Missed while Onair was not running', ja: 'Onair が動いていない間に見逃し' }
        : e.why === 'shifted'
          ? { en: 'Moved earlier, already past', ja: '時刻が早まり見逃し' }
          : { en: 'Missed while away', ja: '不在の間に見逃し' }
    case 'snoozed': {
      const iso = new Date(e.until ?? e.at).toISOString()
      return {
        en: `Snoozed until ${localTime(iso, { ...text, locale: 'en' })}`,
        ja: `${localTime(iso, { ...text, locale: 'ja' })} までスヌーズ`
      }
    }
    default:
      return label
  }
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** `90m`, `12h`, `2d`, `1h30m`: a usage error for anything else, zero, or beyond what is kept. */
function parseSince(raw: string | boolean): number {
  const text = String(raw).trim().toLowerCase()
  const parts = [...text.matchAll(/(\d{1,5})([mhd])/g)]
  const ms = parts.reduce((sum, [, n, unit]) => sum + Number(n) * UNIT_MS[unit as keyof typeof UNIT_MS], 0)
  if (parts.map((p) => p[0]).join('') !== text || ms <= 0 || ms > HISTORY_KEEP_MS)
    throw new UsageError({
      en: `--since takes a duration up to 7d, like 90m, 12h, 2d or 1h30m (got "${text}").`,
      ja: `--since には 7d までの期間を 90m、12h、2d、1h30m のように指定してください（指定値: "${text}"）。`
    })
  return ms
}
