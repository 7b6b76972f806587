import type { LocalizedText } from '../../../../shared/contract'
import { fill } from '../inbox/strings'

/**
 * The words of the Reminders, Schedule and Inbox settings sections (shown with `localized`), kept
 * beside them like the other views' so the shared dictionaries only carry the navigation and the
 * older Accounts texts.
 */
export const s = {
  saved: { en: 'Saved: {what}', ja: '保存しました: {what}' },
  notSaved: { en: 'Not saved: {reason}', ja: '保存していません: {reason}' },
  integer: { en: 'Enter a whole number from {min} to {max}.', ja: '{min} から {max} までの整数を入力してください。' },
  timeRequired: { en: 'Enter a time as HH:MM.', ja: '時刻を HH:MM の形で入力してください。' },

  reminders: { en: 'Reminders', ja: 'リマインダー' },
  startup: { en: 'Startup', ja: '起動' },
  openAtLogin: { en: 'Open Onair when I log in', ja: 'ログイン時に Onair を起動する' },
  hiddenAtLogin: {
    en: 'At login, start in the tray without opening the window',
    ja: 'ログイン時はウィンドウを開かずにトレイで起動する'
  },
  showInDock: { en: 'Show Onair in the Dock', ja: 'Dock に Onair を表示する' },
  openLog: { en: 'Open log file', ja: 'ログファイルを開く' },
  leadTimes: { en: 'Lead times', ja: '通知のタイミング' },
  leadTimesHint: {
    en: 'One notification per program and lead time.',
    ja: '番組ごと、タイミングごとに 1 回通知します。'
  },
  atStart: { en: 'At start', ja: '放送開始時' },
  minutesBefore: { en: '{n} min before', ja: '{n} 分前' },
  remove: { en: 'Remove {what}', ja: '{what}を削除' },
  keepOne: {
    en: 'Keep at least one lead time; to silence reminders, use quiet hours or mute works.',
    ja: 'タイミングは 1 つ以上必要です。通知を止めるには、おやすみ時間か作品のミュートを使ってください。'
  },
  addLead: { en: 'Minutes before start (0 = at start)', ja: '放送開始の何分前（0 = 開始時）' },
  add: { en: 'Add', ja: '追加' },
  duplicateLead: { en: 'That lead time is already in the list.', ja: 'そのタイミングはすでにあります。' },
  quietHours: { en: 'Quiet hours', ja: 'おやすみ時間' },
  quietEnabled: { en: 'No reminders during quiet hours', ja: 'おやすみ時間は通知しない' },
  quietStart: { en: 'From', ja: '開始' },
  quietEnd: { en: 'Until', ja: '終了' },
  quietHint: {
    en: 'Local time. The window may wrap midnight: 23:00 until 07:00 covers the night.',
    ja: 'ローカル時刻です。日付をまたいでも構いません。23:00 から 07:00 なら夜の間です。'
  },
  quietSame: {
    en: 'Start and end are the same, so there would be no quiet hours.',
    ja: '開始と終了が同じなので、おやすみ時間がありません。'
  },
  grace: { en: 'Missed-reminder grace (minutes)', ja: '見逃した通知の猶予（分）' },
  graceHint: {
    en: 'Reminders later than this (after sleep) become one "you missed…" summary.',
    ja: 'スリープ明けなどでこれより遅れた通知は、「見逃した番組」のまとめ 1 件になります。'
  },
  hideRebroadcasts: { en: 'No reminders for rebroadcasts', ja: '再放送は通知しない' },
  groupThreshold: { en: 'Group reminders from (programs at once)', ja: 'まとめて通知する件数（同時の番組数）' },
  groupHint: {
    en: 'This many or more at the same moment arrive as one notification.',
    ja: '同時にこの件数以上あると 1 件の通知にまとめます。'
  },
  muted: { en: 'Muted works', ja: 'ミュート中の作品' },
  mutedNone: {
    en: 'No muted works. Mute a work with its bell in the schedule or in Works.',
    ja: 'ミュート中の作品はありません。番組表か作品一覧のベルでミュートできます。'
  },
  workId: { en: 'Work #{id}', ja: '作品 #{id}' },
  unmute: { en: 'Unmute', ja: 'ミュート解除' },
  unmuteLabel: { en: 'Unmute {title}', ja: '{title} のミュートを解除' },

  remindOf: { en: 'Remind me of', ja: '通知する作品' },
  modeAll: {
    en: "Every work I'm watching, except muted ones",
    ja: '視聴中のすべての作品（ミュート中を除く）'
  },
  modePicked: { en: 'Only the works I pick', ja: '選んだ作品だけ' },
  modeHint: {
    en: 'The bell beside each work in the schedule and in Works mutes it, or picks it when you remind only of picked works. The calendar feed follows the same choice.',
    ja: '番組表と作品一覧の各作品のベルで、ミュートします（選んだ作品だけの場合は選択します）。カレンダーにも同じ選択が反映されます。'
  },
  picked: { en: 'Picked works', ja: '選んだ作品' },
  pickedNone: {
    en: 'No works picked, so there are no reminders. Pick a work with its bell in the schedule or in Works.',
    ja: '作品が選ばれていないため、通知はありません。番組表か作品一覧のベルで作品を選んでください。'
  },
  unpick: { en: 'Remove', ja: '外す' },
  unpickLabel: { en: 'Stop reminding me of {title}', ja: '{title} の通知をやめる' },
  bellLabel: { en: 'Reminders for {title}', ja: '{title} の通知' },
  bellOn: { en: 'Reminding you of {title}. Press to mute.', ja: '{title} を通知します。押すとミュートします。' },
  bellMuted: {
    en: 'Muted. Press to be reminded of {title} again.',
    ja: 'ミュート中です。押すと {title} の通知を再開します。'
  },
  bellPicked: {
    en: 'Picked: reminding you of {title}. Press to unpick.',
    ja: '選択中: {title} を通知します。押すと選択を外します。'
  },
  bellUnpicked: { en: 'Not picked. Press to be reminded of {title}.', ja: '未選択です。押すと {title} を通知します。' },

  shortcuts: { en: 'Shortcuts', ja: 'ショートカット' },
  shortcutsHint: {
    en: 'Work from any app. Click a field and press the keys; Escape cancels, Backspace removes the shortcut.',
    ja: 'どのアプリを使っていても働きます。欄をクリックしてキーを押してください。Esc で取り消し、Backspace でショートカットを外します。'
  },
  toggleWindow: { en: 'Show or hide Onair', ja: 'Onair を表示・非表示' },
  quickRecord: {
    en: 'Record the episode on air now or just ended',
    ja: '放送中か放送が終わったばかりの話数を記録'
  },
  shortcutNone: { en: 'None', ja: 'なし' },
  shortcutRecording: { en: 'Press the keys…', ja: 'キーを押してください…' },
  shortcutInactive: {
    en: 'Not active: another app held it when Onair started. Choose another combination.',
    ja: '無効です: Onair の起動時に別のアプリが使っていました。別の組み合わせを選んでください。'
  },

  schedule: { en: 'Schedule', ja: '番組表' },
  dayBoundary: { en: 'Broadcast day starts at', ja: '放送日の区切り' },
  dayBoundaryHint: { en: 'A 01:30 slot belongs to the evening before.', ja: '01:30 の枠は前日の夜として扱います。' },
  extendedHours: { en: 'Show late-night slots as 25:30', ja: '深夜の枠を 25:30 のように表示する' },
  pollEvery: { en: 'Fetch the schedule', ja: '番組表の取得' },
  inboxEvery: { en: 'Fetch the inbox', ja: '受信箱の取得' },
  everyMinutes: { en: 'Every {n} minutes', ja: '{n} 分ごと' },
  everyHour: { en: 'Every hour', ja: '1 時間ごと' },
  customCron: { en: 'Custom (cron expression)…', ja: 'カスタム（cron 式）…' },
  cronExpression: { en: 'Cron expression', ja: 'cron 式' },
  cronHint: {
    en: 'Five fields: minute hour day month weekday, e.g. */20 * * * *. Press Enter to save.',
    ja: '分 時 日 月 曜日 の 5 項目です（例: */20 * * * *）。Enter で保存します。'
  },
  pollAlso: {
    en: 'Also on start, on wake, when the network returns, and on Refresh.',
    ja: '起動時、スリープ復帰時、ネットワーク復帰時、更新ボタンでも取得します。'
  },
  hoursBack: { en: 'Hours back', ja: '過去（時間）' },
  hoursAhead: { en: 'Hours ahead', ja: '先（時間）' },
  window: { en: 'Window of programs fetched', ja: '取得する番組の範囲' },

  inbox: { en: 'Inbox', ja: '受信箱' },
  notify: { en: 'Desktop notifications for new unread items', ja: '新しい未読をデスクトップに通知する' },
  webhook: { en: 'Webhook receiver', ja: 'Webhook の受信' },
  webhookOn: { en: 'Receive wiki webhooks on this computer', ja: 'このコンピューターで Wiki の Webhook を受け取る' },
  port: { en: 'Port (0 = any free port)', ja: 'ポート（0 = 空いているポート）' },
  portHint: {
    en: 'The receiver listens on 127.0.0.1 only. A fixed port keeps the URL the same across restarts.',
    ja: '受信は 127.0.0.1 だけで待ち受けます。ポートを固定すると、再起動しても URL が変わりません。'
  },
  webhookUrl: { en: 'Webhook URL', ja: 'Webhook の URL' },
  webhookWhere: {
    en: "Register this URL in the wiki community's settings → Webhooks. It contains a secret: share it with no one.",
    ja: 'この URL を Wiki のコミュニティ設定 →「Webhook」に登録してください。秘密の文字列を含むので、他の人には教えないでください。'
  },
  copy: { en: 'Copy', ja: 'コピー' },
  copied: { en: 'Copied.', ja: 'コピーしました。' },
  copyManually: {
    en: 'The URL is selected: press Ctrl+C (⌘C) to copy it.',
    ja: 'URL を選択しました。Ctrl+C（⌘C）でコピーしてください。'
  },
  notListening: {
    en: 'The receiver is not listening. If you chose a port, it may be in use: choose another, or 0.',
    ja: '受信を開始できていません。ポートを指定している場合は使用中の可能性があります。別の番号か 0 にしてください。'
  }
} satisfies Record<string, LocalizedText>

/** "Enter a whole number from … to …" in both languages. */
export function integerError(min: number, max: number): LocalizedText {
  const range = { min: `${min}`, max: `${max}` }
  return { en: fill(s.integer.en, range), ja: fill(s.integer.ja, range) }
}

/** True for a whole number within [min, max]; empty or garbled number inputs give null or NaN. */
export const inRange = (n: number | null, min: number, max: number): n is number =>
  n !== null && Number.isInteger(n) && n >= min && n <= max
