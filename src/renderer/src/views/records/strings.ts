import type { LocalizedText } from '../../../../shared/contract'
import type { EntryState, OutboxEntry } from '../../../../shared/records'

/** The Records view's own words (shown with `localized`), like the inbox's and the works view's. */
export const s = {
  heading: { en: 'Records', ja: '記録' },
  outboxHeading: { en: 'Outbox', ja: '送信キュー' },
  outboxEmpty: { en: 'Nothing is waiting to be sent.', ja: '送信待ちのものはありません。' },
  recentHeading: { en: 'Recent records', ja: '最近の記録' },
  recentEmpty: {
    en: 'No recent records. Episodes you record from Onair stay editable here for a week.',
    ja: '最近の記録はありません。Onair から記録したエピソードは 1 週間ここで編集できます。'
  },
  loading: { en: 'Loading…', ja: '読み込み中…' },
  retry: { en: 'Retry', ja: '再試行' },
  undo: { en: 'Undo', ja: '取り消す' },
  undone: { en: 'Undone: nothing was sent.', ja: '取り消しました。何も送信していません。' },
  statusChange: { en: 'Work #{id} → {status}', ja: '作品 #{id} → {status}' },
  episode: { en: 'Episode #{id}', ja: 'エピソード #{id}' },
  sentAt: { en: 'Sent {when}', ja: '{when} に送信' },
  discard: { en: 'Discard', ja: '破棄' },
  sendAgain: { en: 'It was not saved: send again', ja: '保存されていない: 再送信' },
  discardSaved: { en: 'It was saved: discard', ja: '保存されている: 破棄' },
  attempts: { en: 'Attempt {count}', ja: '{count} 回目' },
  nextAttempt: { en: 'Next try {when}', ja: '次の再試行: {when}' },
  waitsForSignIn: { en: 'Waits for you to sign in again.', ja: '再サインインを待っています。' },
  sendsIn: { en: 'Sends in {seconds} s', ja: 'あと {seconds} 秒で送信' },
  sendsNow: { en: 'Sending soon', ja: 'まもなく送信' },
  edit: { en: 'Edit', ja: '編集' },
  delete: { en: 'Delete', ja: '削除' },
  deleteQuestion: { en: 'Delete this record from the service?', ja: 'この記録をサービスから削除しますか？' },
  deleteConfirm: { en: 'Delete the record', ja: '記録を削除' },
  cancel: { en: 'Cancel', ja: 'キャンセル' },
  save: { en: 'Save changes', ja: '変更を保存' },
  comment: { en: 'Comment', ja: 'コメント' },
  commentHint: {
    en: 'Saving replaces the whole comment on the service.',
    ja: '保存するとサービス上のコメント全体が置き換わります。'
  },
  rating: { en: 'Rating', ja: '評価' },
  noRating: { en: 'No rating', ja: '評価なし' },
  shareMicroblog: { en: 'Share on the microblog', ja: 'マイクロブログで共有' },
  shareSocialnet: { en: 'Share on the social network', ja: 'SNS で共有' },
  recordedAt: { en: 'Recorded {when}', ja: '{when} に記録' },
  ratingShown: { en: 'Rated {rating}', ja: '評価 {rating}' },
  noComment: { en: 'No comment', ja: 'コメントなし' },
  editQueued: { en: 'The change is queued and will be sent.', ja: '変更をキューに入れました。送信されます。' },
  deleteQueued: { en: 'The record will be deleted.', ja: '記録は削除されます。' },
  retried: { en: 'Sending again.', ja: '再送信します。' },
  discarded: { en: 'Discarded.', ja: '破棄しました。' },
  notEditable: {
    en: 'The service did not say under which id this record was saved: edit or delete it on the service.',
    ja: 'この記録の ID がサービスから返されなかったため、編集や削除はサービス上で行ってください。'
  }
} satisfies Record<string, LocalizedText>

export const stateLabels: Record<EntryState, LocalizedText> = {
  waiting: { en: 'Waiting', ja: '待機中' },
  queued: { en: 'Queued', ja: '送信待ち' },
  sending: { en: 'Sending', ja: '送信中' },
  sent: { en: 'Sent', ja: '送信済み' },
  failed: { en: 'Failed', ja: '失敗' },
  'needs-confirmation': { en: 'Needs your decision', ja: '確認が必要' }
}

export const kindLabels: Record<OutboxEntry['kind'], LocalizedText> = {
  record: { en: 'Record', ja: '記録' },
  edit: { en: 'Edit of a record', ja: '記録の編集' },
  delete: { en: 'Deletion of a record', ja: '記録の削除' },
  status: { en: 'Status change', ja: 'ステータス変更' }
}
