import type { LocalizedText } from '../../../../shared/contract'
import type { HistoryOutcome } from '../../../../shared/reminder-history'
import type { SnoozeChoice } from '../../../../shared/snooze-choice'
export { reminders, upcoming, loading, watched, watchedLabel, undone, deleteQueued } from '../../lib/common-strings'

/** The Reminders list's own words (shown with `localized`). */
export const empty: LocalizedText = {
  en: 'No reminders in the last 7 days.',
  ja: 'この 7 日間のリマインダーはありません。'
}
export const snooze: LocalizedText = { en: 'Snooze', ja: 'スヌーズ' }
export const snoozeLabel: LocalizedText = { en: 'Snooze: {title}', ja: 'スヌーズ: {title}' }
export const snoozedAgain: LocalizedText = {
  en: '{title}: reminding you again in 5 minutes.',
  ja: '{title}: 5 分後にもう一度通知します。'
}
export const snoozedUntil: LocalizedText = {
  en: '{title}: reminding you again at {time}.',
  ja: '{title}: {time} にもう一度通知します。'
}
export const more: LocalizedText = { en: 'More', ja: 'その他' }
export const moreLabel: LocalizedText = { en: 'More snooze choices: {title}', ja: 'その他のスヌーズ: {title}' }
export const choiceLabel: LocalizedText = { en: 'Snooze, {choice}: {title}', ja: 'スヌーズ {choice}: {title}' }
/** The snooze choices, as the list's buttons say them (the default is the Snooze button itself). */
export const choices: Record<SnoozeChoice, LocalizedText> = {
  '5': { en: '5 min', ja: '5分' },
  '10': { en: '10 min', ja: '10分' },
  '30': { en: '30 min', ja: '30分' },
  start: { en: 'Until it starts', ja: '放送開始まで' },
  watch: { en: 'Until I can watch', ja: '視聴できるまで' }
}
export const gone: LocalizedText = {
  en: '{title} is no longer on the schedule; nothing was done.',
  ja: '{title} は番組表にもうないため、何もしていません。'
}
export const late: LocalizedText = { en: 'Shown {late} late', ja: '{late}遅れて通知' }

/** What became of a reminder; `delivered` late and `snoozed` have their own texts above. */
export const outcomes: Record<HistoryOutcome, LocalizedText> = {
  delivered: { en: 'Shown on time', ja: '時間どおりに通知' },
  again: { en: 'Shown again: not to be missed', ja: '見逃し防止のため再通知' },
  missed: { en: 'In the summary of missed reminders', ja: '見逃した通知のまとめに表示' },
  repeat: { en: 'Not shown twice: another Onair had shown it', ja: '別の Onair が通知済みのため省略' },
  quiet: { en: 'Held back by quiet hours', ja: 'おやすみ時間のため通知せず' },
  snoozed: { en: 'Snoozed until {time}', ja: '{time} までスヌーズ' },
  watched: { en: 'Marked as watched', ja: '見たと記録' },
  opened: { en: 'Opened', ja: '開いた' },
  premiere: { en: 'Premiere announced', ja: '初回放送をお知らせ' },
  undone: { en: 'Watched undone', ja: '視聴済みを取り消し' },
  elsewhere: { en: 'Recorded elsewhere: withdrawn', ja: '別の場所で記録済み: 通知を取り下げ' }
}
