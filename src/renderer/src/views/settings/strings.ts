import type { LocalizedText } from '../../../../shared/contract'
import { both } from '../../lib/fill'
export { settings, inbox, reminders, copied, copyManually } from '../../lib/common-strings'

/** The settings view's words (shown with `localized`); the Accounts section has its own table. */
export const saved: LocalizedText = { en: 'Saved: {what}', ja: '保存しました: {what}' }
export const notSaved: LocalizedText = { en: 'Not saved: {reason}', ja: '保存していません: {reason}' }
export const integer: LocalizedText = {
  en: 'Enter a whole number from {min} to {max}.',
  ja: '{min} から {max} までの整数を入力してください。'
}
export const timeRequired: LocalizedText = { en: 'Enter a time as HH:MM.', ja: '時刻を HH:MM の形で入力してください。' }

export const startup: LocalizedText = { en: 'Startup', ja: '起動' }
export const openAtLogin: LocalizedText = { en: 'Open Onair when I log in', ja: 'ログイン時に Onair を起動する' }
export const hiddenAtLogin: LocalizedText = {
  en: 'At login, start in the tray without opening the window',
  ja: 'ログイン時はウィンドウを開かずにトレイで起動する'
}
export const showInDock: LocalizedText = { en: 'Show Onair in the Dock', ja: 'Dock に Onair を表示する' }
export const openLog: LocalizedText = { en: 'Open log file', ja: 'ログファイルを開く' }
export const about: LocalizedText = { en: 'About Onair', ja: 'Onair について' }
export const copyDiagnostics: LocalizedText = { en: 'Copy diagnostics', ja: '診断情報をコピー' }
export const leadTimes: LocalizedText = { en: 'Lead times', ja: '通知のタイミング' }
export const leadTimesHint: LocalizedText = {
  en: 'One notification per program and lead time.',
  ja: '番組ごと、タイミングごとに 1 回通知します。'
}
export const atStart: LocalizedText = { en: 'At start', ja: '放送開始時' }
export const minutesBefore: LocalizedText = { en: '{n} min before', ja: '{n} 分前' }
export const remove: LocalizedText = { en: 'Remove {what}', ja: '{what}を削除' }
export const keepOne: LocalizedText = {
  en: 'Keep at least one. To silence reminders, use quiet hours or mute works.',
  ja: '1 つ以上必要です。通知を止めるには、おやすみ時間かミュートを使ってください。'
}
export const addLead: LocalizedText = {
  en: 'Minutes before start (0 = at start)',
  ja: '放送開始の何分前（0 = 開始時）'
}
export const add: LocalizedText = { en: 'Add', ja: '追加' }
export const duplicateLead: LocalizedText = {
  en: 'That lead time is already in the list.',
  ja: 'そのタイミングはすでにあります。'
}
export const quietHours: LocalizedText = { en: 'Quiet hours', ja: 'おやすみ時間' }
export const quietEnabled: LocalizedText = { en: 'No reminders during quiet hours', ja: 'おやすみ時間は通知しない' }
export const quietStart: LocalizedText = { en: 'From', ja: '開始' }
export const quietEnd: LocalizedText = { en: 'Until', ja: '終了' }
export const quietHint: LocalizedText = {
  en: 'Local time. May cross midnight, e.g. 23:00 until 07:00.',
  ja: 'ローカル時刻です。日付をまたげます（例: 23:00〜07:00）。'
}
export const quietSame: LocalizedText = { en: 'Start and end must differ.', ja: '開始と終了を別の時刻にしてください。' }
export const grace: LocalizedText = { en: 'Missed-reminder grace (minutes)', ja: '見逃した通知の猶予（分）' }
export const graceHint: LocalizedText = {
  en: 'Reminders later than this (after sleep) become one "you missed…" summary.',
  ja: 'スリープ明けなどでこれより遅れた通知は、「見逃した番組」のまとめ 1 件になります。'
}
export const hideRebroadcasts: LocalizedText = { en: 'No reminders for rebroadcasts', ja: '再放送は通知しない' }
export const premiere: LocalizedText = { en: 'Tell me about premieres', ja: '初回放送をお知らせする' }
export const premiereHint: LocalizedText = {
  en: 'Once per work I plan to watch, outside quiet hours; several at once come as one notification.',
  ja: '見たい作品ごとに 1 回、おやすみ時間以外に。同時に複数あれば 1 件にまとめます。'
}
export const groupThreshold: LocalizedText = {
  en: 'Group reminders from (programs at once)',
  ja: 'まとめて通知する件数（同時の番組数）'
}
export const groupHint: LocalizedText = {
  en: 'This many or more at once arrive as one notification.',
  ja: '同時にこの件数以上なら 1 件の通知にまとめます。'
}
export const muted: LocalizedText = { en: 'Muted works', ja: 'ミュート中の作品' }
export const mutedNone: LocalizedText = {
  en: 'No muted works. Mute one with its bell in the schedule or Works.',
  ja: 'ミュート中の作品はありません。番組表か作品一覧のベルでミュートできます。'
}
export const workId: LocalizedText = { en: 'Work #{id}', ja: '作品 #{id}' }
export const unmute: LocalizedText = { en: 'Unmute', ja: 'ミュート解除' }
export const unmuteLabel: LocalizedText = { en: 'Unmute {title}', ja: '{title} のミュートを解除' }

export const remindOf: LocalizedText = { en: 'Remind me of', ja: '通知する作品' }
export const modeAll: LocalizedText = {
  en: "Every work I'm watching, except muted ones",
  ja: '視聴中のすべての作品（ミュート中を除く）'
}
export const modePicked: LocalizedText = { en: 'Only the works I pick', ja: '選んだ作品だけ' }
export const modeHint: LocalizedText = {
  en: 'A work’s bell in the schedule or Works mutes it, or picks it when you pick works. The calendar follows the same choice.',
  ja: '番組表や作品一覧のベルで作品をミュート（選ぶ設定なら選択）します。カレンダーも同じ選択に従います。'
}
export const picked: LocalizedText = { en: 'Picked works', ja: '選んだ作品' }
export const pickedNone: LocalizedText = {
  en: 'No works picked, so no reminders. Pick one with its bell in the schedule or Works.',
  ja: '選んだ作品がないため通知はありません。番組表か作品一覧のベルで選んでください。'
}
export const unpick: LocalizedText = { en: 'Remove', ja: '外す' }
export const unpickLabel: LocalizedText = { en: 'Stop reminding me of {title}', ja: '{title} の通知をやめる' }

export const shortcuts: LocalizedText = { en: 'Shortcuts', ja: 'ショートカット' }
export const shortcutsHint: LocalizedText = {
  en: 'Work in any app. Click a field and press the keys; Esc cancels, Backspace clears.',
  ja: 'どのアプリからでも使えます。欄をクリックしてキーを押します。Esc で取り消し、Backspace で解除。'
}
export const toggleWindow: LocalizedText = { en: 'Show or hide Onair', ja: 'Onair を表示・非表示' }
export const quickRecord: LocalizedText = {
  en: 'Record the episode on air now or just ended',
  ja: '放送中か放送が終わったばかりの話数を記録'
}
export const shortcutNone: LocalizedText = { en: 'None', ja: 'なし' }
export const shortcutRecording: LocalizedText = { en: 'Press the keys…', ja: 'キーを押してください…' }
export const shortcutInactive: LocalizedText = {
  en: 'Inactive: another app had it when Onair started. Choose another.',
  ja: '無効: Onair の起動時に他のアプリが使用中でした。別の組み合わせにしてください。'
}

export const schedule: LocalizedText = { en: 'Schedule', ja: '番組表' }
export const dayBoundary: LocalizedText = { en: 'Broadcast day starts at', ja: '放送日の区切り' }
export const dayBoundaryHint: LocalizedText = {
  en: 'A 01:30 slot belongs to the evening before.',
  ja: '01:30 の枠は前日の夜として扱います。'
}
export const extendedHours: LocalizedText = {
  en: 'Show late-night slots as 25:30',
  ja: '深夜の枠を 25:30 のように表示する'
}
export const menuBarCountdown: LocalizedText = {
  en: 'Countdown in the menu bar',
  ja: 'メニューバーにカウントダウンを表示'
}
export const menuBarCountdownHint: LocalizedText = {
  en: 'macOS only: the time to the next broadcast beside the menu-bar icon, updated each minute.',
  ja: 'macOS のみ：次の放送までの時間をメニューバーのアイコンの横に表示し、毎分更新します。'
}
export const pollEvery: LocalizedText = { en: 'Fetch the schedule', ja: '番組表の取得' }
export const inboxEvery: LocalizedText = { en: 'Fetch the inbox', ja: '受信箱の取得' }
export const everyMinutes: LocalizedText = { en: 'Every {n} minutes', ja: '{n} 分ごと' }
export const everyHour: LocalizedText = { en: 'Every hour', ja: '1 時間ごと' }
export const customCron: LocalizedText = { en: 'Custom (cron expression)…', ja: 'カスタム（cron 式）…' }
export const cronExpression: LocalizedText = { en: 'Cron expression', ja: 'cron 式' }
export const cronHint: LocalizedText = {
  en: 'Fields: minute hour day month weekday (e.g. */20 * * * *). Enter saves.',
  ja: '分 時 日 月 曜日（例: */20 * * * *）。Enter で保存。'
}
export const pollAlso: LocalizedText = {
  en: 'Also at start, on wake, when back online, and on Refresh.',
  ja: '起動時、スリープ復帰時、再接続時、更新ボタンでも取得します。'
}
export const hoursBack: LocalizedText = { en: 'Hours back', ja: '過去（時間）' }
export const hoursAhead: LocalizedText = { en: 'Hours ahead', ja: '先（時間）' }
export const window: LocalizedText = { en: 'Window of programs fetched', ja: '取得する番組の範囲' }

export const notify: LocalizedText = {
  en: 'Desktop notifications for new unread items',
  ja: '新しい未読をデスクトップに通知する'
}
export const unreadBadge: LocalizedText = {
  en: 'Unread count on the Onair icon',
  ja: '未読の数を Onair のアイコンに表示する'
}
export const unreadBadgeHint: LocalizedText = {
  en: 'A dot on the tray icon, and the count on the Dock, launcher or taskbar where the system shows one.',
  ja: 'トレイのアイコンに点を付け、Dock・ランチャー・タスクバーには対応していれば数を表示します。'
}
export const wikiImages: LocalizedText = {
  en: "Always load images from the wiki's own host",
  ja: 'Wiki 自身のホストの画像は常に読み込む'
}
export const webhook: LocalizedText = { en: 'Webhook receiver', ja: 'Webhook の受信' }
export const webhookOn: LocalizedText = {
  en: 'Receive wiki webhooks on this computer',
  ja: 'このコンピューターで Wiki の Webhook を受け取る'
}
export const port: LocalizedText = { en: 'Port (0 = any free port)', ja: 'ポート（0 = 空いているポート）' }
export const portHint: LocalizedText = {
  en: 'Listens on 127.0.0.1 only. A fixed port keeps the URL across restarts.',
  ja: '127.0.0.1 だけで待ち受けます。固定すると再起動後も URL が変わりません。'
}
export const webhookUrl: LocalizedText = { en: 'Webhook URL', ja: 'Webhook の URL' }
export const webhookWhere: LocalizedText = {
  en: "Register this URL in the wiki community's settings → Webhooks. It holds a secret: share it with no one.",
  ja: 'この URL を Wiki のコミュニティ設定 →「Webhook」に登録してください。秘密を含むので他人に教えないでください。'
}
export const copy: LocalizedText = { en: 'Copy', ja: 'コピー' }
export const notListening: LocalizedText = {
  en: 'The receiver is not listening. A port you chose may be in use: choose another, or 0.',
  ja: '待ち受けていません。指定したポートが使用中かもしれません。別の番号か 0 にしてください。'
}

/** "Enter a whole number from … to …" in both languages. */
export function integerError(min: number, max: number): LocalizedText {
  const range = { min: `${min}`, max: `${max}` }
  return both(integer, range)
}

/** True for a whole number within [min, max]; empty or garbled number inputs give null or NaN. */
export const inRange = (n: number | null, min: number, max: number): n is number =>
  n !== null && Number.isInteger(n) && n >= min && n <= max

export const catchUpAndTonight: LocalizedText = { en: 'Catch up and tonight', ja: '見逃しと今夜の放送' }
export const catchUpDays: LocalizedText = { en: 'Catch up on the last (days)', ja: '見逃しの対象（日数）' }
export const catchUpDaysHint: LocalizedText = {
  en: 'Aired episodes you have not recorded, from 1 to 30 days back: "Catch up" on the schedule.',
  ja: '記録していない放送済みのエピソードを 1〜30 日前までさかのぼります（番組表の「見逃し」）。'
}
export const tonightOn: LocalizedText = {
  en: "Tonight's list: one notification a day",
  ja: '今夜の放送一覧を毎日通知する'
}
export const tonightHint: LocalizedText = {
  en: 'What is still to air until the broadcast day ends (25:30 counts as tonight), with the rules above for works and channels.',
  ja: '放送日の終わりまで（25:30 も今夜）にこれから放送される番組を、上の作品とチャンネルの設定に従って知らせます。'
}
export const tonightAt: LocalizedText = { en: 'Notify at', ja: '通知する時刻' }
export const tonightWhat: LocalizedText = { en: "Tonight's list time", ja: '今夜の放送一覧の時刻' }
