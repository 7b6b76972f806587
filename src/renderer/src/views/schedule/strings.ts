import type { LocalizedText } from '../../../../shared/contract'
import type { EntryState } from '../../../../shared/records'
import { failed, queued } from '../../lib/common-strings'
export {
  refresh,
  neverFetched,
  updatedAge,
  filters,
  statusOf,
  retry,
  undo,
  discard,
  cancel,
  watched,
  watchedLabel,
  undone,
  deleteQueued,
  reminders
} from '../../lib/common-strings'

/** The schedule view's own words (shown with `localized`). */
export const heading: LocalizedText = { en: 'Upcoming episodes', ja: 'これからの放送' }
export const refreshing: LocalizedText = { en: 'Refreshing…', ja: '更新中…' }
export const loading: LocalizedText = { en: 'Loading the schedule…', ja: '番組表を読み込み中…' }
export const hideRebroadcasts: LocalizedText = { en: 'Hide rebroadcasts', ja: '再放送を隠す' }
export const channel: LocalizedText = { en: 'Channel', ja: 'チャンネル' }
export const allChannels: LocalizedText = { en: 'All channels', ja: 'すべてのチャンネル' }
export const search: LocalizedText = { en: 'Search titles', ja: 'タイトルを検索' }
export const searchHint: LocalizedText = { en: 'Search', ja: '検索' }
export const offline: LocalizedText = {
  en: 'Offline — showing the schedule from {age}.',
  ja: 'オフラインです。{age}の番組表を表示しています。'
}
export const offlineNever: LocalizedText = {
  en: 'Offline — the schedule has not been fetched yet.',
  ja: 'オフラインです。番組表はまだ取得されていません。'
}
export const emptyTitle: LocalizedText = { en: 'No upcoming episodes', ja: '放送予定の番組はありません' }
export const emptyWhy: LocalizedText = {
  en: 'The service lists only works marked "Watching" or "Want to watch", on the channel chosen for each. Set statuses and channels on the service, then refresh.',
  ja: 'サービスが返すのは「見てる」「見たい」の作品の、選んだチャンネルの番組だけです。サービスで設定してから更新してください。'
}
export const emptyLink: LocalizedText = {
  en: 'Open the service to set statuses and channels',
  ja: 'サービスを開いてステータスとチャンネルを設定する'
}
export const noMatch: LocalizedText = { en: 'No episodes match the filters.', ja: '条件に合う番組はありません。' }
export const rebroadcast: LocalizedText = { en: 'Rebroadcast', ja: '再放送' }
export const onAir: LocalizedText = { en: 'On air now', ja: '放送中' }
export const startsIn: LocalizedText = { en: 'in {duration}', ja: 'あと{duration}' }
export const more: LocalizedText = { en: 'Comment and rating', ja: 'コメントと評価' }
export const moreLabel: LocalizedText = { en: 'More actions for {title}', ja: '{title} のその他の操作' }
/** "Don't let me miss it" (a work's reminders repeat at the start and 5 min after until acted on). */
export const dontMiss: LocalizedText = { en: 'Don’t let me miss it', ja: '見逃さないよう再通知' }
export const record: LocalizedText = { en: 'Record', ja: '記録する' }
export const deleted: LocalizedText = { en: 'Deleted on the service.', ja: 'サービス上の記録を削除しました。' }
export const willRetry: LocalizedText = { en: 'Onair retries by itself.', ja: '自動で再試行します。' }
export const statusUnknown: LocalizedText = { en: 'Status…', ja: 'ステータス…' }
export const statusSet: LocalizedText = { en: 'Status of {title}: {kind}.', ja: '{title} のステータス: {kind}' }
export const statusPending: LocalizedText = { en: 'Status "{kind}": {state}', ja: 'ステータス「{kind}」: {state}' }
export const statusRolledBack: LocalizedText = {
  en: 'The status of {title} could not be changed: {reason}',
  ja: '{title} のステータスを変更できませんでした: {reason}'
}
export const readOnly: LocalizedText = {
  en: 'Read-only sign-in: recording and status changes are off. Sign in again with write access in Settings.',
  ja: '読み取り専用のため、記録とステータス変更はできません。設定から書き込み権限付きでサインインし直してください。'
}

export const entryStates: Record<EntryState, LocalizedText> = {
  waiting: { en: 'Waiting (undo possible)', ja: '待機中（取り消し可）' },
  queued,
  sending: { en: 'Sending…', ja: '送信中…' },
  sent: { en: 'Recorded', ja: '記録済み' },
  failed,
  'needs-confirmation': { en: 'Not sure it was saved', ja: '保存されたか不明' }
}
/** The button to the catch-up list while it holds any episodes. */
export const catchUp: LocalizedText = {
  en: 'Catch up: {n} aired, not recorded',
  ja: '見逃し: 放送済みで未記録 {n} 話'
}
