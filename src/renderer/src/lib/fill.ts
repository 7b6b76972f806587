import type { LocalizedText } from '../../../shared/locale'

/** Puts named values into a `{name}` template; a placeholder without a value stays visible. */
export function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)
}

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
