import type { Locale, LocalizedText } from '../../../shared/locale'
import type { HistoryOutcome } from '../../../shared/reminder-history'
import { OUTCOME_LABELS } from '../reminders/outcome-labels'
import type { FolderHolder } from '../folder-hold/folder-lock'
import type { DatabaseHealth } from '../store/database-health'
import { redact } from '../redact'

/**
 * What Settings → About → Copy diagnostics and `onair doctor` say, to paste into a bug report:
 * facts a helper needs first, and never a secret. Built from facts the caller gathered
 * (gather.ts), then passed whole through `redact` with every secret value Onair knows, so a
 * token that reached a log line or an error message is replaced too.
 */
export interface DiagnosticsFacts {
  now: number
  /** `onair 1.2.3`, `node 20.20.2`, `electron …`: whatever the process knows. */
  versions: Record<string, string>
  os: string
  locale: { chosen: string; system: string }
  timeZone: string
  dataDir: string
  /** Where the folder's secrets are kept (the credential store, or the plain file the user chose) and whether it answered. */
  secrets: LocalizedText
  /** The folder's database: its schema version and SQLite's integrity check; null when there is none yet. */
  database: DatabaseHealth | null
  /** Who serves the folder's reminders (the hold's note in the database); null when nobody does. */
  holder: FolderHolder | null
  /** The reminders' heartbeat (any process), epoch ms; null when never served. */
  servedAt: number | null
  /** ISO time of the last good poll (the cached schedule); null when never. */
  lastPoll: string | null
  /** Outbox entries by state (`queued: 2`), and the recent records kept for undo. */
  outbox: Record<string, number>
  /** The reminder history's outcomes over the last 24 hours and the last 7 days. */
  history: { day: Partial<Record<HistoryOutcome, number>>; week: Partial<Record<HistoryOutcome, number>> }
  log: { path: string; lines: string[] } | { path: string; missing: string }
}

export const LOG_LINES = 50

const L = {
  title: { en: 'Onair diagnostics', ja: 'Onair 診断情報' },
  versions: { en: 'Versions', ja: 'バージョン' },
  os: { en: 'OS', ja: 'OS' },
  locale: { en: 'Language (chosen / system)', ja: '言語（選択 / システム）' },
  timeZone: { en: 'Time zone', ja: 'タイムゾーン' },
  dataDir: { en: 'Data folder', ja: 'データフォルダー' },
  secrets: { en: 'Secrets', ja: '秘密情報' },
  database: { en: 'Database', ja: 'データベース' },
  none: { en: 'none yet', ja: 'まだありません' },
  schema: { en: 'schema', ja: 'スキーマ' },
  integrity: { en: 'integrity check', ja: '整合性チェック' },
  serving: { en: 'Reminders served by', ja: 'リマインダーの担当' },
  nobody: {
    en: 'nobody (no app or onair run holds the folder)',
    ja: 'なし（アプリも onair run もフォルダーを使っていません）'
  },
  heartbeat: { en: 'Last served', ja: '最後に担当した時刻' },
  lastPoll: { en: 'Last poll', ja: '最後の取得' },
  never: { en: 'never', ja: 'なし' },
  outbox: { en: 'Outbox', ja: '送信待ち' },
  empty: { en: 'empty', ja: 'なし' },
  day: { en: 'Reminders, last 24 h', ja: 'リマインダー（24 時間）' },
  week: { en: 'Reminders, last 7 days', ja: 'リマインダー（7 日間）' },
  log: { en: 'Last log lines', ja: '最近のログ' }
} satisfies Record<string, LocalizedText>

/** Pure: the report in the user's language, with every secret in `secrets` (and every pattern of redact.ts) replaced. */
export function diagnosticsReport(f: DiagnosticsFacts, locale: Locale, secrets: readonly string[]): string {
  const t = (text: LocalizedText) => text[locale]
  const iso = (ms: number | null) => (ms === null ? t(L.never) : new Date(ms).toISOString())
  const counts = (c: Record<string, number | undefined>, name = (key: string) => key) =>
    Object.entries(c)
      .filter(([, n]) => n)
      .map(([k, n]) => `${name(k)} ${n}`)
      .join(', ') || t(L.empty)
  // Outcomes by the names `onair reminders` shows them under; outbox states stay as the files say.
  const outcomes = (c: Partial<Record<HistoryOutcome, number>>) =>
    counts(c, (k) => t(OUTCOME_LABELS[k as HistoryOutcome]))
  const h = f.holder
  const db = f.database
  const lines = [
    `${t(L.title)} (${new Date(f.now).toISOString()})`,
    `${t(L.versions)}: ${Object.entries(f.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `${t(L.os)}: ${f.os}`,
    `${t(L.locale)}: ${f.locale.chosen} / ${f.locale.system}`,
    `${t(L.timeZone)}: ${f.timeZone}`,
    `${t(L.dataDir)}: ${f.dataDir}`,
    `${t(L.secrets)}: ${t(f.secrets)}`,
    `${t(L.database)}: ${db ? `${db.path}, ${t(L.schema)} ${db.schemaVersion}, ${db.journalMode}, ${t(L.integrity)}: ${db.integrity}` : t(L.none)}`,
    `${t(L.serving)}: ${h ? `${h.face === 'app' ? 'app' : 'onair run'} (pid ${h.pid} on ${h.host}, since ${iso(h.startedAt)})` : t(L.nobody)}`,
    `${t(L.heartbeat)}: ${iso(f.servedAt)}`,
    `${t(L.lastPoll)}: ${f.lastPoll ?? t(L.never)}`,
    `${t(L.outbox)}: ${counts(f.outbox)}`,
    `${t(L.day)}: ${outcomes(f.history.day)}`,
    `${t(L.week)}: ${outcomes(f.history.week)}`,
    `${t(L.log)} (${f.log.path}):`,
    ...('lines' in f.log ? f.log.lines.slice(-LOG_LINES).map((l) => `  ${l}`) : [`  ${f.log.missing}`])
  ]
  return `${redact(lines.join('\n'), secrets)}\n`
}
