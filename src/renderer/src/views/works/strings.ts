import type { LocalizedText } from '../../../../shared/contract'
import { fill } from '../inbox/strings'

/**
 * The works view's own words, kept beside it like the inbox's (shown with `localized`), so the
 * shared dictionaries only carry the navigation label.
 */
export const s = {
  heading: { en: 'My works', ja: 'マイ作品' },
  filters: { en: 'Filters', ja: '絞り込み' },
  status: { en: 'Status', ja: 'ステータス' },
  anyStatus: { en: 'Any status', ja: 'すべて' },
  season: { en: 'Season', ja: 'シーズン' },
  seasonHint: { en: 'e.g. 2026-autumn, 2026-all', ja: '例: 2026-autumn' },
  seasonInvalid: {
    en: 'Enter a season as year-season: 2026-spring, 2026-summer, 2026-autumn, 2026-winter, or 2026-all for the whole year.',
    ja: 'シーズンは「年-季節」の形で入力してください: 2026-spring、2026-summer、2026-autumn、2026-winter、年全体なら 2026-all。'
  },
  title: { en: 'Title', ja: 'タイトル' },
  sortBy: { en: 'Sort by', ja: '並び順' },
  order: { en: 'Order', ja: '順序' },
  asc: { en: 'Ascending', ja: '昇順' },
  desc: { en: 'Descending', ja: '降順' },
  perPage: { en: 'Per page', ja: '表示件数' },
  apply: { en: 'Apply', ja: '適用' },
  pager: { en: 'Pages', ja: 'ページ送り' },
  previous: { en: 'Previous', ja: '前へ' },
  next: { en: 'Next', ja: '次へ' },
  pageOf: { en: 'Page {page} of {pages}', ja: '{page} / {pages} ページ' },
  page: { en: 'Page {page}', ja: '{page} ページ' },
  total: { en: '{count} works', ja: '{count} 作品' },
  loading: { en: 'Loading…', ja: '読み込み中…' },
  empty: { en: 'No works match these filters.', ja: 'この条件に合う作品はありません。' },
  emptyAll: {
    en: 'No works yet. Set a status on a work on the service (or from the schedule) and it appears here.',
    ja: 'まだ作品がありません。サービス上（またはスケジュール）で作品にステータスを付けると、ここに表示されます。'
  },
  media: { en: 'Media', ja: '種別' },
  watchers: { en: 'Watchers', ja: '視聴者数' },
  watchersCount: { en: '{count} watchers', ja: '視聴者 {count}' },
  noSeason: { en: 'Season unknown', ja: 'シーズン不明' },
  statusFor: { en: 'Status of {title}', ja: '{title} のステータス' },
  reminders: { en: 'Reminders', ja: '通知' },
  saving: { en: 'Saving the status of {title}…', ja: '{title} のステータスを保存中…' },
  saved: { en: 'Status of {title} saved.', ja: '{title} のステータスを保存しました。' },
  rolledBack: {
    en: 'The status of {title} was not changed: {reason}',
    ja: '{title} のステータスは変更されませんでした: {reason}'
  },
  willRetry: {
    en: 'Saving the status of {title} failed; Onair will try again (see Records): {reason}',
    ja: '{title} のステータスの保存に失敗しました。自動で再試行します（記録の画面を参照）: {reason}'
  }
} satisfies Record<string, LocalizedText>

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

/**
 * A message in both languages with its placeholders filled, so it can be stored and still follow
 * a later language switch. A parameter is plain text or already bilingual (a service's reason).
 */
export function both(template: LocalizedText, params: Record<string, string | LocalizedText>): LocalizedText {
  const inLanguage = (lang: keyof LocalizedText) =>
    fill(
      template[lang],
      Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : v[lang]]))
    )
  return { en: inLanguage('en'), ja: inLanguage('ja') }
}
