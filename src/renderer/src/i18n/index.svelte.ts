/**
 * The language the window speaks. It follows the system locale reported by `app:info` unless the
 * user picked one; both live in rune state so every `localized()` in a template re-renders when
 * either changes. The texts themselves are `{ en, ja }` exports beside each view (strings.ts).
 */

import { localeFromTag, type Locale } from '../../../shared/locale'

/** The choice saved in the settings (`ui.locale`): a language, or the system's. */
export type LanguageChoice = Locale | 'system'

const state = $state({ systemLocale: navigator.language, choice: 'system' as LanguageChoice })

export function currentLanguage(): Locale {
  return state.choice === 'system' ? localeFromTag(state.systemLocale) : state.choice
}

export function languageChoice(): LanguageChoice {
  return state.choice
}

export function systemLocale(): string {
  return state.systemLocale
}

export function setSystemLocale(locale: string): void {
  state.systemLocale = locale
}

export function chooseLanguage(choice: LanguageChoice): void {
  state.choice = choice
}
