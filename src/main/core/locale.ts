import { localeFromTag, type Locale } from '../../shared/locale'

/**
 * The user's language for the headless faces, from the environment as a terminal sets it. Apart
 * from the rest of the configuration (config.ts) because every `onair` start needs it, even
 * `onair --help`, and it must not bring the validation library along.
 */
export function localeFromEnv(env: Record<string, string | undefined>): Locale {
  return localeFromTag(env.LC_ALL || env.LC_MESSAGES || env.LANG || '')
}
