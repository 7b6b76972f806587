import type { LocalizedText } from '../../../../shared/contract'
export { loading, refresh, neverFetched, updatedAge } from '../../lib/common-strings'

/**
 * The inbox view's own words (shown with `localized`). Type labels come from `shared/inbox.ts`,
 * which native notifications use too.
 */
export const heading: LocalizedText = { en: 'Wiki inbox', ja: 'Wikiの受信箱' }
export const markAllSeen: LocalizedText = { en: 'Mark all seen', ja: 'すべて既読にする' }
export const unreadOnly: LocalizedText = { en: 'Unread only', ja: '未読のみ' }
export const empty: LocalizedText = {
  en: 'Nothing here. New wiki notifications will appear here.',
  ja: 'ここには何もありません。Wikiの新しい通知がここに表示されます。'
}
export const emptyUnread: LocalizedText = {
  en: 'All caught up: no unread notifications.',
  ja: '未読の通知はありません。'
}
export const offline: LocalizedText = {
  en: 'Offline — showing the list from {age}.',
  ja: 'オフラインです。{age}の一覧を表示しています。'
}
export const preview: LocalizedText = { en: 'Preview article', ja: '記事をプレビュー' }
export const unseen: LocalizedText = { en: 'New', ja: '新着' }
export const from: LocalizedText = { en: 'From {name}', ja: '{name} から' }
export const back: LocalizedText = { en: 'Back to the inbox', ja: '受信箱に戻る' }
export const tags: LocalizedText = { en: 'Tags', ja: 'タグ' }
export const author: LocalizedText = { en: 'Author', ja: '作成者' }
export const created: LocalizedText = { en: 'Created', ja: '作成日時' }
export const updated: LocalizedText = { en: 'Updated', ja: '更新日時' }
export const noBody: LocalizedText = {
  en: 'This article has no rendered body; its source follows.',
  ja: 'この記事には表示用の本文がないため、元の本文を表示します。'
}
export const webhook: LocalizedText = { en: 'Webhook', ja: 'Webhook' }
export const loadImages: LocalizedText = { en: 'Load images', ja: '画像を読み込む' }
