/**
 * The language the window speaks. It follows the system locale reported by `app:info` unless the
 * user picked one; both live in rune state so every `localized()` in a template re-renders when
 * either changes. The texts themselves are `{ en, ja }` exports beside each view (strings.ts).
 */

export type Language = 'en' | 'ja'
export type LanguageChoice = Language | 'auto'

const state = $state({ systemLocale: navigator.language, choice: 'auto' as LanguageChoice })

export function languageFromLocale(locale: string): Language {
  return locale.toLowerCase().startsWith('ja') ? 'ja' : 'en'
}

export function currentLanguage(): Language {
  return state.choice === 'auto' ? languageFromLocale(state.systemLocale) : state.choice
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
