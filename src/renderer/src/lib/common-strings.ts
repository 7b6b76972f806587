import type { LocalizedText } from '../../../shared/contract'

/**
 * Words several views say alike, written once. Each view's strings.ts re-exports the ones it uses,
 * so its components keep reading one namespace (`s.retry`).
 */
export const upcoming: LocalizedText = { en: 'Upcoming', ja: '放送予定' }
export const myWorks: LocalizedText = { en: 'My works', ja: 'マイ作品' }
export const records: LocalizedText = { en: 'Records', ja: '記録' }
export const inbox: LocalizedText = { en: 'Inbox', ja: '受信箱' }
export const settings: LocalizedText = { en: 'Settings', ja: '設定' }
export const reminders: LocalizedText = { en: 'Reminders', ja: 'リマインダー' }

export const loading: LocalizedText = { en: 'Loading…', ja: '読み込み中…' }
export const refresh: LocalizedText = { en: 'Refresh', ja: '更新' }
export const updatedAge: LocalizedText = { en: 'Updated {age}', ja: '{age}に更新' }
export const neverFetched: LocalizedText = { en: 'Not fetched yet.', ja: 'まだ取得していません。' }
export const filters: LocalizedText = { en: 'Filters', ja: '絞り込み' }
export const statusOf: LocalizedText = { en: 'Status of {title}', ja: '{title} のステータス' }
export const signIn: LocalizedText = { en: 'Sign in', ja: 'サインイン' }
export const copied: LocalizedText = { en: 'Copied.', ja: 'コピーしました。' }
/** Where the clipboard refused: the text is selected instead (`selectForCopy`). */
export const copyManually: LocalizedText = {
  en: 'Could not copy: the address is selected, press Ctrl+C (⌘C).',
  ja: 'コピーできませんでした。選択したアドレスを Ctrl+C（⌘C）でコピーしてください。'
}

export const retry: LocalizedText = { en: 'Retry', ja: '再試行' }
export const undo: LocalizedText = { en: 'Undo', ja: '取り消す' }
export const undone: LocalizedText = {
  en: 'Record undone; nothing was sent.',
  ja: '記録を取り消しました。送信はしていません。'
}
export const deleteQueued: LocalizedText = {
  en: 'The record will be deleted on the service.',
  ja: 'サービス上の記録を削除します。'
}
export const watched: LocalizedText = { en: 'Watched', ja: '見た' }
export const watchedLabel: LocalizedText = { en: 'Watched: {title}', ja: '見た: {title}' }
export const discard: LocalizedText = { en: 'Discard', ja: '破棄' }
export const cancel: LocalizedText = { en: 'Cancel', ja: 'キャンセル' }
export const queued: LocalizedText = { en: 'Queued', ja: '送信待ち' }
export const failed: LocalizedText = { en: 'Failed', ja: '失敗' }

export const comment: LocalizedText = { en: 'Comment', ja: 'コメント' }
export const rating: LocalizedText = { en: 'Rating', ja: '評価' }
export const noRating: LocalizedText = { en: 'No rating', ja: '評価なし' }
export const shareMicroblog: LocalizedText = { en: 'Share on the microblog', ja: 'マイクロブログで共有' }
export const shareSocialnet: LocalizedText = { en: 'Share on the social network', ja: 'SNS で共有' }
export const scopes: LocalizedText = { en: 'Permissions: {scopes}', ja: '権限：{scopes}' }
export const signInWithWrite: LocalizedText = {
  en: 'Sign in again with write access',
  ja: '書き込み権限を許可してサインインし直す'
}
export const userNamed: LocalizedText = {
  en: 'Signed in as {name} (user #{id})',
  ja: '{name}（ユーザー #{id}）としてサインイン中'
}
export const userId: LocalizedText = { en: 'Signed in as user #{id}', ja: 'ユーザー #{id} としてサインイン中' }
