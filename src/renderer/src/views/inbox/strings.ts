import type { LocalizedText } from '../../../../shared/contract'

/**
 * The inbox view's own words, kept beside it (shown with `localized`) so the shared dictionaries
 * only carry the navigation label. Type labels come from `shared/inbox.ts`, which native
 * notifications use too.
 */
export const s = {
  heading: { en: 'Wiki inbox', ja: 'Wikiの受信箱' },
  refresh: { en: 'Refresh', ja: '更新' },
  markAllSeen: { en: 'Mark all seen', ja: 'すべて既読にする' },
  unreadOnly: { en: 'Unread only', ja: '未読のみ' },
  empty: {
    en: 'Nothing here. New wiki notifications will appear here.',
    ja: 'ここには何もありません。Wikiの新しい通知がここに表示されます。'
  },
  emptyUnread: { en: 'All caught up: no unread notifications.', ja: '未読の通知はありません。' },
  offline: { en: 'Offline — showing the list from {age}.', ja: 'オフラインです。{age}の一覧を表示しています。' },
  neverFetched: { en: 'Not fetched yet.', ja: 'まだ取得していません。' },
  fetched: { en: 'Updated {age}', ja: '{age}に更新' },
  preview: { en: 'Preview article', ja: '記事をプレビュー' },
  unseen: { en: 'New', ja: '新着' },
  from: { en: 'From {name}', ja: '{name} から' },
  back: { en: 'Back to the inbox', ja: '受信箱に戻る' },
  loading: { en: 'Loading…', ja: '読み込み中…' },
  tags: { en: 'Tags', ja: 'タグ' },
  author: { en: 'Author', ja: '作成者' },
  created: { en: 'Created', ja: '作成日時' },
  updated: { en: 'Updated', ja: '更新日時' },
  noBody: {
    en: 'This article has no rendered body; its source follows.',
    ja: 'この記事には表示用の本文がないため、元の本文を表示します。'
  },
  webhook: { en: 'Webhook', ja: 'Webhook' }
} satisfies Record<string, LocalizedText>

export function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)
}
