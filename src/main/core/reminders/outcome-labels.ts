import type { LocalizedText } from '../../../shared/locale'
import type { HistoryOutcome } from '../../../shared/reminder-history'

/**
 * What each outcome of the reminder history is called, in both languages: the one table behind
 * `onair reminders` (which adds the details an entry carries: how late, why missed, until when)
 * and the history counts of `onair doctor` and Settings → About → Copy diagnostics.
 */
export const OUTCOME_LABELS: Record<HistoryOutcome, LocalizedText> = {
  delivered: { en: 'Shown', ja: '通知' },
  again: { en: 'Shown again (not acted on)', ja: '再通知（未対応のため）' },
  missed: { en: 'Missed', ja: '見逃し' },
  repeat: { en: 'Not repeated (another Onair showed it)', ja: '重複のため省略（別の Onair が通知済み）' },
  quiet: { en: 'Held by quiet hours', ja: 'おやすみ時間のため通知せず' },
  snoozed: { en: 'Snoozed', ja: 'スヌーズ' },
  watched: { en: 'Marked watched', ja: '視聴済みにしました' },
  opened: { en: 'Opened', ja: '通知を開きました' },
  premiere: { en: 'Premiere announced', ja: '初回放送をお知らせ' },
  undone: { en: 'Watched undone', ja: '視聴済みを取り消しました' },
  elsewhere: { en: 'Recorded elsewhere, reminder withdrawn', ja: '別の場所で記録済みのため通知を取り下げ' }
}
