/**
 * A keyed lookup over the en/ja dictionaries. The language follows the system locale reported by
 * `app:info` unless the user picked one; both live in rune state so every `t()` in a template
 * re-renders when either changes.
 */
import { en, type MessageKey } from './en'
import { ja } from './ja'

export type Language = 'en' | 'ja'
export type LanguageChoice = Language | 'auto'
export const languages: readonly Language[] = ['en', 'ja']

const dictionaries: Record<Language, Record<MessageKey, string>> = { en, ja }

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

export function t(key: MessageKey, params: Record<string, string> = {}): string {
  const template = dictionaries[currentLanguage()][key]
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)
}
