import type { Locale } from './locale'
import type { CachedProgram } from './schedule'

/**
 * How Onair names an episode, in the schedule's rows, the reminders, the tray, the calendar feed
 * and the CLI alike. The service gives a number (`6`, `12.5`) and its own label (`第6話`, `SP`,
 * `総集編`), which is Japanese: English says `Ep. 6` from the number and falls back to the
 * label for an episode without one (a special); Japanese prefers the service's label. Plain
 * (no zod) so that the window shares it.
 */
export type Episode = Pick<NonNullable<CachedProgram['episode']>, 'number' | 'numberText' | 'title'>

/** `Ep. 6` / `第6話`; the special's own label; '' when the episode has neither. */
export function episodeLabel(e: Episode | null, locale: Locale): string {
  const n = e?.number
  if (n && locale === 'en') return `Ep. ${n}`
  return e?.numberText || (n ? `第${n}話` : '')
}

/** The label and the episode's title: `Ep. 6 “The Night Mail”` / `第6話「夜行便」`. */
export function episodeLine(e: Episode | null, locale: Locale): string {
  const label = episodeLabel(e, locale)
  const title = e?.title
  if (!title) return label
  if (locale === 'ja') return `${label}「${title}」`
  return label ? `${label} “${title}”` : `“${title}”`
}
