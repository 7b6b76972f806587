/**
 * The language the window speaks. It follows the system locale reported by `app:info` unless the
 * user picked one; both live in rune state so every `localized()` in a template re-renders when
 * either changes. The texts themselves are `{ en, ja }` exports beside each view (strings.ts).
 */

import { localeFromTag, type Locale } from '../../../shared/locale'

/** The choice saved in the settings (`ui.locale`): a language, or the system's. */
export type LanguageChoice = Locale | 'system'

export const language = $state({ systemLocale: navigator.language, choice: 'system' as LanguageChoice })

export function currentLanguage(): Locale {
  return language.choice === 'system' ? localeFromTag(language.systemLocale) : language.choice
}
