import type { LocalizedText } from '../../../../shared/contract'
export {
  upcoming,
  loading,
  refresh,
  updatedAge,
  neverFetched,
  watched,
  watchedLabel,
  undone,
  deleteQueued
} from '../../lib/common-strings'

/** The catch-up view's own words (shown with `localized`). */
export const heading: LocalizedText = { en: 'Catch up', ja: '見逃した放送' }
export const window: LocalizedText = {
  en: 'Aired in the last {days} days, not recorded',
  ja: '過去 {days} 日間に放送され、未記録'
}
export const empty: LocalizedText = {
  en: 'All caught up: nothing unrecorded aired in the last {days} days.',
  ja: '見逃しはありません。過去 {days} 日間に放送された未記録のエピソードはありません。'
}
export const offline: LocalizedText = {
  en: 'Could not reach the service; showing the saved list.',
  ja: 'サービスに接続できないため、保存済みの一覧を表示しています。'
}
export const upToHere: LocalizedText = { en: 'Up to here', ja: 'ここまで見た' }
export const upToHereLabel: LocalizedText = {
  en: 'Watched up to here: {title} and the {n} before it',
  ja: 'ここまで見た: {title} とそれ以前の {n} 話'
}
export const recordedMany: LocalizedText = { en: '{n} episodes of {title}', ja: '{title} の {n} 話' }
