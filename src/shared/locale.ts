/**
 * The two languages Onair speaks, and a text in both. Every user-facing message of the main
 * process, the CLI and the window is a LocalizedText; the contract validates it with the schema of
 * the same name in `contract/common.ts`. Plain types and no zod, so the renderer and the sandboxed
 * preload can share them.
 */
export type Locale = 'en' | 'ja'

export interface LocalizedText {
  en: string
  ja: string
}

/** A BCP 47 tag or a POSIX locale (`ja-JP`, `ja_JP.UTF-8`, `en_US`) as one of Onair's languages. */
export function localeFromTag(tag: string): Locale {
  return tag.toLowerCase().startsWith('ja') ? 'ja' : 'en'
}
