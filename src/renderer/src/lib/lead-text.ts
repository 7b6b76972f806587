import type { Locale } from '../../../shared/locale'
import * as s from '../components/strings'
import { fill } from './fill'

/** A list of lead times in words: `30 min before, at start`, `開始時`, or `No reminders` for none. */
export function leadText(leads: readonly number[], locale: Locale): string {
  if (leads.length === 0) return s.leadsNone[locale]
  return leads
    .map((m) => (m === 0 ? s.leadAtStart[locale] : fill(s.leadBefore[locale], { minutes: String(m) })))
    .join(s.leadsJoin[locale])
}
