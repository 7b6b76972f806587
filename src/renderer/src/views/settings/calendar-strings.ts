/** The words of the Calendar settings section (shown with `localized`). */
export const c = {
  calendar: { en: 'Calendar', ja: 'カレンダー' },
  exportIcs: { en: 'Export .ics', ja: '.ics を書き出す' },
  exported: { en: 'Saved to {path}.', ja: '{path} に保存しました。' },
  duration: { en: 'Event length in minutes', ja: '予定の長さ（分）' },
  alarms: {
    en: 'Add an alarm for each reminder lead time',
    ja: 'リマインダーのタイミングごとにアラームを付ける'
  },
  subscription: { en: 'Subscription', ja: '購読' },
  subscribe: { en: 'Subscribe in your calendar', ja: 'カレンダーで購読する' },
  subscribeHint: {
    en: 'Serves the schedule on this computer only (127.0.0.1) for Apple Calendar, Thunderbird or Outlook: add the address below as a calendar subscription. Anyone who has the address on this computer can read your schedule.',
    ja: 'この PC 内だけ（127.0.0.1）で番組表を配信します。Apple カレンダー、Thunderbird、Outlook で下のアドレスを購読カレンダーとして追加してください。この PC 上でアドレスを知っている人は番組表を読めます。'
  },
  port: { en: 'Port (0 = pick one once and keep it)', ja: 'ポート（0 = 初回に選んだポートを使い続ける）' },
  address: { en: 'Calendar address', ja: 'カレンダーのアドレス' },
  copy: { en: 'Copy address', ja: 'アドレスをコピー' },
  copied: { en: 'Copied.', ja: 'コピーしました。' },
  copyManually: {
    en: 'Could not copy: the address is selected, copy it with the keyboard.',
    ja: 'コピーできませんでした。アドレスを選択したので、キーボードでコピーしてください。'
  },
  regenerate: { en: 'New address', ja: 'アドレスを作り直す' },
  regenerated: {
    en: 'New address made: calendars subscribed to the old one no longer get updates.',
    ja: '新しいアドレスを作りました。古いアドレスを購読しているカレンダーは更新されなくなります。'
  },
  starting: { en: 'Starting…', ja: '開始しています…' }
}
