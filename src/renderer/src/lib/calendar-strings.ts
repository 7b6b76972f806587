import type { LocalizedText } from '../../../shared/contract'
export { copied, copyManually } from './common-strings'

/** The words of the Calendar settings section (shown with `localized`). */
export const calendar: LocalizedText = { en: 'Calendar', ja: 'カレンダー' }
export const exportIcs: LocalizedText = { en: 'Export .ics', ja: '.ics を書き出す' }
export const exported: LocalizedText = { en: 'Saved to {path}.', ja: '{path} に保存しました。' }
export const duration: LocalizedText = { en: 'Event length in minutes', ja: '予定の長さ（分）' }
export const alarms: LocalizedText = {
  en: 'Add an alarm for each reminder lead time',
  ja: 'リマインダーのタイミングごとにアラームを付ける'
}
export const subscription: LocalizedText = { en: 'Subscription', ja: '購読' }
export const subscribe: LocalizedText = { en: 'Subscribe in your calendar', ja: 'カレンダーで購読する' }
export const subscribeHint: LocalizedText = {
  en: 'For Apple Calendar, Thunderbird or Outlook on this computer: subscribe to the address below. Served on 127.0.0.1 only; anyone on this computer with the address can read your schedule.',
  ja: 'この PC の Apple カレンダー、Thunderbird、Outlook で下のアドレスを購読してください。配信は 127.0.0.1 だけですが、この PC でアドレスを知る人は番組表を読めます。'
}
export const port: LocalizedText = {
  en: 'Port (0 = pick one once and keep it)',
  ja: 'ポート（0 = 初回に選んだポートを使い続ける）'
}
export const address: LocalizedText = { en: 'Calendar address', ja: 'カレンダーのアドレス' }
export const copy: LocalizedText = { en: 'Copy address', ja: 'アドレスをコピー' }
export const regenerate: LocalizedText = { en: 'New address', ja: 'アドレスを作り直す' }
export const regenerated: LocalizedText = {
  en: 'New address made: calendars on the old one no longer update.',
  ja: '新しいアドレスを作りました。古いアドレスのカレンダーは更新されなくなります。'
}
export const starting: LocalizedText = { en: 'Starting…', ja: '開始しています…' }
