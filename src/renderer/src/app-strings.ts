import type { LocalizedText } from '../../shared/contract'
import { inbox, myWorks, records, settings, upcoming } from './lib/common-strings'
import type { View } from './router.svelte'

export { loading } from './lib/common-strings'

/** The window frame's words (shown with `localized`): navigation, notices, the about line. */
export const skipToContent: LocalizedText = { en: 'Skip to content', ja: '本文へスキップ' }
export const navLabel: LocalizedText = { en: 'Main', ja: 'メイン' }
export const navLabels: Record<View, LocalizedText> = { schedule: upcoming, works: myWorks, records, inbox, settings }
export const summary: LocalizedText = {
  en: 'Version {version} · {platform} · {locale}',
  ja: 'バージョン {version} · {platform} · {locale}'
}
export const dismiss: LocalizedText = { en: 'Dismiss', ja: '閉じる' }
export const errorPrefix: LocalizedText = { en: 'Error:', ja: 'エラー：' }
