import type { LocalizedText } from '../../shared/contract'
import type { View } from './router.svelte'

/** The window frame's words (shown with `localized`): navigation, notices, the about line. */
export const skipToContent: LocalizedText = { en: 'Skip to content', ja: '本文へスキップ' }
export const navLabel: LocalizedText = { en: 'Main', ja: 'メイン' }
export const navLabels: Record<View, LocalizedText> = {
  schedule: { en: 'Upcoming', ja: '放送予定' },
  works: { en: 'My works', ja: 'マイ作品' },
  records: { en: 'Records', ja: '記録' },
  inbox: { en: 'Inbox', ja: '受信箱' },
  settings: { en: 'Settings', ja: '設定' }
}
export const loading: LocalizedText = { en: 'Loading…', ja: '読み込み中…' }
export const summary: LocalizedText = {
  en: 'Version {version} · {platform} · {locale}',
  ja: 'バージョン {version} · {platform} · {locale}'
}
export const dismiss: LocalizedText = { en: 'Dismiss', ja: '閉じる' }
export const errorPrefix: LocalizedText = { en: 'Error:', ja: 'エラー：' }
