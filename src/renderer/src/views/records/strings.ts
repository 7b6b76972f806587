import type { LocalizedText } from '../../../../shared/contract'
import type { EntryState, OutboxEntry } from '../../../../shared/records'
import { failed, queued } from '../../lib/common-strings'
export {
  records as heading,
  loading,
  retry,
  undo,
  discard,
  cancel,
  undone,
  deleteQueued
} from '../../lib/common-strings'

/** The Records view's own words (shown with `localized`). */
export const outboxHeading: LocalizedText = { en: 'Outbox', ja: '送信キュー' }
export const outboxEmpty: LocalizedText = { en: 'Nothing is waiting to be sent.', ja: '送信待ちのものはありません。' }
export const recentHeading: LocalizedText = { en: 'Recent records', ja: '最近の記録' }
export const recentEmpty: LocalizedText = {
  en: 'No recent records. Episodes you record in Onair stay editable here for a week.',
  ja: '最近の記録はありません。Onair で記録したエピソードは 1 週間ここで編集できます。'
}
export const statusChange: LocalizedText = { en: 'Work #{id} → {status}', ja: '作品 #{id} → {status}' }
export const episode: LocalizedText = { en: 'Episode #{id}', ja: 'エピソード #{id}' }
export const sentAt: LocalizedText = { en: 'Sent {when}', ja: '{when} に送信' }
export const sendAgain: LocalizedText = { en: 'It was not saved: send again', ja: '保存されていない: 再送信' }
export const discardSaved: LocalizedText = { en: 'It was saved: discard', ja: '保存されている: 破棄' }
export const attempts: LocalizedText = { en: 'Attempt {count}', ja: '{count} 回目' }
export const nextAttempt: LocalizedText = { en: 'Next try {when}', ja: '次の再試行: {when}' }
export const waitsForSignIn: LocalizedText = {
  en: 'Waits for you to sign in again.',
  ja: '再サインインを待っています。'
}
export const sendsIn: LocalizedText = { en: 'Sends in {seconds} s', ja: 'あと {seconds} 秒で送信' }
export const sendsNow: LocalizedText = { en: 'Sending soon', ja: 'まもなく送信' }
export const edit: LocalizedText = { en: 'Edit', ja: '編集' }
export const remove: LocalizedText = { en: 'Delete', ja: '削除' }
export const deleteQuestion: LocalizedText = {
  en: 'Delete this record from the service?',
  ja: 'この記録をサービスから削除しますか？'
}
export const deleteConfirm: LocalizedText = { en: 'Delete the record', ja: '記録を削除' }
export const save: LocalizedText = { en: 'Save changes', ja: '変更を保存' }
export const commentHint: LocalizedText = {
  en: 'Saving replaces the whole comment on the service.',
  ja: '保存するとサービス上のコメント全体が置き換わります。'
}
export const recordedAt: LocalizedText = { en: 'Recorded {when}', ja: '{when} に記録' }
export const ratingShown: LocalizedText = { en: 'Rated {rating}', ja: '評価 {rating}' }
export const noComment: LocalizedText = { en: 'No comment', ja: 'コメントなし' }
export const editQueued: LocalizedText = {
  en: 'The change is queued and will be sent.',
  ja: '変更をキューに入れました。送信されます。'
}
export const retried: LocalizedText = { en: 'Sending again.', ja: '再送信します。' }
export const discarded: LocalizedText = { en: 'Discarded.', ja: '破棄しました。' }
export const notEditable: LocalizedText = {
  en: "The service did not return this record's id: edit or delete it on the service.",
  ja: 'サービスがこの記録の ID を返さなかったため、編集・削除はサービスで行ってください。'
}

export const stateLabels: Record<EntryState, LocalizedText> = {
  waiting: { en: 'Waiting', ja: '待機中' },
  queued,
  sending: { en: 'Sending', ja: '送信中' },
  sent: { en: 'Sent', ja: '送信済み' },
  failed,
  'needs-confirmation': { en: 'Needs your decision', ja: '確認が必要' }
}

export const kindLabels: Record<OutboxEntry['kind'], LocalizedText> = {
  record: { en: 'Record', ja: '記録' },
  edit: { en: 'Edit of a record', ja: '記録の編集' },
  delete: { en: 'Deletion of a record', ja: '記録の削除' },
  status: { en: 'Status change', ja: 'ステータス変更' }
}
