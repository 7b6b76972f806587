import type { LocalizedText } from '../../../../shared/contract'
export { myWorks as heading, loading, filters, statusOf } from '../../lib/common-strings'

/** The works view's own words (shown with `localized`). */
export const status: LocalizedText = { en: 'Status', ja: 'ステータス' }
export const anyStatus: LocalizedText = { en: 'Any status', ja: 'すべて' }
export const season: LocalizedText = { en: 'Season', ja: 'シーズン' }
export const seasonHint: LocalizedText = { en: 'e.g. 2026-autumn, 2026-all', ja: '例: 2026-autumn' }
export const seasonInvalid: LocalizedText = {
  en: 'Enter a season as year-season, e.g. 2026-spring (or summer, autumn, winter), or 2026-all for the whole year.',
  ja: 'シーズンは「年-季節」で入力してください（例: 2026-spring、summer・autumn・winter も可。年全体は 2026-all）。'
}
export const title: LocalizedText = { en: 'Title', ja: 'タイトル' }
export const sortBy: LocalizedText = { en: 'Sort by', ja: '並び順' }
export const order: LocalizedText = { en: 'Order', ja: '順序' }
export const asc: LocalizedText = { en: 'Ascending', ja: '昇順' }
export const desc: LocalizedText = { en: 'Descending', ja: '降順' }
export const perPage: LocalizedText = { en: 'Per page', ja: '表示件数' }
export const apply: LocalizedText = { en: 'Apply', ja: '適用' }
export const pager: LocalizedText = { en: 'Pages', ja: 'ページ送り' }
export const previous: LocalizedText = { en: 'Previous', ja: '前へ' }
export const next: LocalizedText = { en: 'Next', ja: '次へ' }
export const pageOf: LocalizedText = { en: 'Page {page} of {pages}', ja: '{page} / {pages} ページ' }
export const page: LocalizedText = { en: 'Page {page}', ja: '{page} ページ' }
export const total: LocalizedText = { en: '{count} works', ja: '{count} 作品' }
export const empty: LocalizedText = { en: 'No works match these filters.', ja: 'この条件に合う作品はありません。' }
export const emptyAll: LocalizedText = {
  en: 'No works yet. Set a status on a work (on the service or in the schedule) and it appears here.',
  ja: 'まだ作品がありません。サービスか番組表で作品にステータスを付けると表示されます。'
}
export const media: LocalizedText = { en: 'Media', ja: '種別' }
export const watchers: LocalizedText = { en: 'Watchers', ja: '視聴者数' }
export const watchersCount: LocalizedText = { en: '{count} watchers', ja: '視聴者 {count}' }
export const noSeason: LocalizedText = { en: 'Season unknown', ja: 'シーズン不明' }
export const reminders: LocalizedText = { en: 'Reminders', ja: '通知' }
export const saving: LocalizedText = { en: 'Saving the status of {title}…', ja: '{title} のステータスを保存中…' }
export const saved: LocalizedText = { en: 'Status of {title} saved.', ja: '{title} のステータスを保存しました。' }
export const rolledBack: LocalizedText = {
  en: 'The status of {title} was not changed: {reason}',
  ja: '{title} のステータスは変更されませんでした: {reason}'
}
export const willRetry: LocalizedText = {
  en: 'Saving the status of {title} failed; Onair will try again (see Records): {reason}',
  ja: '{title} のステータスの保存に失敗しました。自動で再試行します（記録の画面を参照）: {reason}'
}

/** The service's media names; anything new shows as sent. */
export const mediaLabels: Record<string, LocalizedText> = {
  tv: { en: 'TV', ja: 'TV' },
  ova: { en: 'OVA', ja: 'OVA' },
  movie: { en: 'Movie', ja: '映画' },
  web: { en: 'Web', ja: 'Web' },
  other: { en: 'Other', ja: 'その他' }
}

export const sortLabels = {
  id: { en: 'Added (id)', ja: '登録順（ID）' },
  season: { en: 'Season', ja: 'シーズン' },
  watchers: { en: 'Watchers', ja: '視聴者数' }
} satisfies Record<string, LocalizedText>
