import type { LocalizedText } from '../../../shared/contract'

/** The words of the widgets several views show (shown with `localized`). */
// LanguageSelect
export const language: LocalizedText = { en: 'Language', ja: '言語' }
export const languageSystem: LocalizedText = { en: 'System default ({locale})', ja: 'システムの設定（{locale}）' }
// ReminderBell: a work's bell in schedule rows and Works
export const bellLabel: LocalizedText = { en: 'Reminders for {title}', ja: '{title} の通知' }
export const bellOn: LocalizedText = {
  en: 'Reminding you of {title}. Press to mute.',
  ja: '{title} を通知します。押すとミュートします。'
}
export const bellMuted: LocalizedText = {
  en: 'Muted. Press to be reminded of {title} again.',
  ja: 'ミュート中です。押すと {title} の通知を再開します。'
}
export const bellPicked: LocalizedText = {
  en: 'Picked: reminding you of {title}. Press to unpick.',
  ja: '選択中: {title} を通知します。押すと選択を外します。'
}
export const bellUnpicked: LocalizedText = {
  en: 'Not picked. Press to be reminded of {title}.',
  ja: '未選択です。押すと {title} を通知します。'
}
// ConsentBox
/** The onboarding steps' words (shown with `localized`); Done's two also serve the Accounts section. */
export const consentAllow: LocalizedText = {
  en: 'Store secrets unencrypted on this computer',
  ja: 'このコンピューターに秘密情報を暗号化せずに保存する'
}
// UndoToast: a record waiting out its undo window (schedule, Reminders)
export const undoToast: LocalizedText = {
  en: 'Recorded {title}. Sending in {seconds} s.',
  ja: '{title} を記録しました。{seconds} 秒後に送信します。'
}
export { undo } from '../lib/common-strings'
// WorkLeads: a work's own lead times (schedule row's menu, Works) and their words in a row
export const leadsOf: LocalizedText = { en: 'When to remind me of {title}', ja: '{title} を通知する時刻' }
export const leadsDefault: LocalizedText = { en: 'As in Settings ({leads})', ja: '設定どおり（{leads}）' }
export const leadsNone: LocalizedText = { en: 'No reminders', ja: '通知しない' }
export const leadAtStart: LocalizedText = { en: 'at start', ja: '開始時' }
export const leadBefore: LocalizedText = { en: '{minutes} min before', ja: '{minutes}分前' }
export const leadsJoin: LocalizedText = { en: ', ', ja: '・' }
export const leadsInRow: LocalizedText = { en: 'Reminders for this work:', ja: 'この作品の通知:' }
