import type { LocalizedText } from '../../../../shared/contract'
import type { EntryState } from '../../../../shared/records'

/**
 * The schedule view's own words, beside it like the inbox's (shown with `localized`): the shared
 * dictionaries carry only the navigation label, so parallel work on other views does not collide.
 */
export const s = {
  heading: { en: 'Upcoming episodes', ja: 'これからの放送' },
  refresh: { en: 'Refresh', ja: '更新' },
  refreshing: { en: 'Refreshing…', ja: '更新中…' },
  loading: { en: 'Loading the schedule…', ja: '番組表を読み込み中…' },
  filters: { en: 'Filters', ja: '絞り込み' },
  hideRebroadcasts: { en: 'Hide rebroadcasts', ja: '再放送を隠す' },
  channel: { en: 'Channel', ja: 'チャンネル' },
  allChannels: { en: 'All channels', ja: 'すべてのチャンネル' },
  search: { en: 'Search titles', ja: 'タイトルを検索' },
  searchHint: { en: 'Search', ja: '検索' },
  updated: { en: 'Updated {age}', ja: '{age}に更新' },
  neverUpdated: { en: 'Not fetched yet.', ja: 'まだ取得していません。' },
  offline: { en: 'Offline — showing the schedule from {age}.', ja: 'オフラインです。{age}の番組表を表示しています。' },
  offlineNever: {
    en: 'Offline — the schedule has not been fetched yet.',
    ja: 'オフラインです。番組表はまだ取得されていません。'
  },
  emptyTitle: { en: 'No upcoming episodes', ja: '放送予定の番組はありません' },
  emptyWhy: {
    en: 'The service lists only works you marked "Watching" or "Want to watch", and only on the broadcast channel you picked for each work. Mark works and choose their channels on the service, then refresh.',
    ja: 'サービスが返すのは「見てる」「見たい」にした作品の、作品ごとに選んだ放送チャンネルの番組だけです。サービスで作品のステータスとチャンネルを設定してから更新してください。'
  },
  emptyLink: {
    en: 'Open the service to set statuses and channels',
    ja: 'サービスを開いてステータスとチャンネルを設定する'
  },
  noMatch: { en: 'No episodes match the filters.', ja: '条件に合う番組はありません。' },
  episode: { en: 'Episode {n}', ja: '第{n}話' },
  rebroadcast: { en: 'Rebroadcast', ja: '再放送' },
  onAir: { en: 'On air now', ja: '放送中' },
  startsIn: { en: 'in {duration}', ja: 'あと{duration}' },
  watched: { en: 'Watched', ja: '見た' },
  watchedLabel: { en: 'Watched: {title}', ja: '見た: {title}' },
  more: { en: 'Comment and rating', ja: 'コメントと評価' },
  moreLabel: { en: 'More actions for {title}', ja: '{title} のその他の操作' },
  comment: { en: 'Comment', ja: 'コメント' },
  rating: { en: 'Rating', ja: '評価' },
  noRating: { en: 'No rating', ja: '評価なし' },
  shareMicroblog: { en: 'Share on the microblog', ja: 'マイクロブログで共有' },
  shareSocialnet: { en: 'Share on the social network', ja: 'SNS で共有' },
  record: { en: 'Record', ja: '記録する' },
  cancel: { en: 'Cancel', ja: 'キャンセル' },
  undoToast: {
    en: 'Recorded {title}. Sending in {seconds} s.',
    ja: '{title} を記録しました。{seconds} 秒後に送信します。'
  },
  undo: { en: 'Undo', ja: '取り消す' },
  undone: { en: 'Record undone; nothing was sent.', ja: '記録を取り消しました。送信はしていません。' },
  deleteQueued: { en: 'The record will be deleted on the service.', ja: 'サービス上の記録を削除します。' },
  deleted: { en: 'Deleted on the service.', ja: 'サービス上の記録を削除しました。' },
  retry: { en: 'Retry', ja: '再試行' },
  discard: { en: 'Discard', ja: '破棄' },
  willRetry: { en: 'Onair retries by itself.', ja: '自動で再試行します。' },
  status: { en: 'Status of {title}', ja: '{title} のステータス' },
  statusUnknown: { en: 'Status…', ja: 'ステータス…' },
  statusSet: { en: 'Status of {title}: {kind}.', ja: '{title} のステータス: {kind}' },
  statusPending: { en: 'Status "{kind}": {state}', ja: 'ステータス「{kind}」: {state}' },
  statusRolledBack: {
    en: 'The status of {title} could not be changed: {reason}',
    ja: '{title} のステータスを変更できませんでした: {reason}'
  },
  readOnly: {
    en: 'You signed in with read-only access, so recording and status changes are off. Sign in again with write access in Settings.',
    ja: '読み取り専用でサインインしているため、記録とステータスの変更はできません。設定から書き込み権限付きで再度サインインしてください。'
  }
} satisfies Record<string, LocalizedText>

export const entryStates: Record<EntryState, LocalizedText> = {
  waiting: { en: 'Waiting (undo possible)', ja: '待機中（取り消し可）' },
  queued: { en: 'Queued', ja: '送信待ち' },
  sending: { en: 'Sending…', ja: '送信中…' },
  sent: { en: 'Recorded', ja: '記録済み' },
  failed: { en: 'Failed', ja: '失敗' },
  'needs-confirmation': { en: 'Not sure it was saved', ja: '保存されたか不明' }
}
