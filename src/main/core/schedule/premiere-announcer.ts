import type { Locale } from '../../../shared/locale'
import type { CachedProgram, ScheduleCache } from '../../../shared/schedule'
import type { Settings } from '../../../shared/settings'
import type { Clock } from '../clock'
import type { Notifier } from '../notify'
import type { DocumentStore } from '../store/json-file'
import type { ReminderHistory } from './history'
import { describePremieres, duePremieres, premiereReminder, type Premieres } from './premieres'

export interface PremiereAnnouncerDeps {
  clock: Clock
  cache: DocumentStore<ScheduleCache>
  premieres: Premieres
  history: ReminderHistory
  notifier: Notifier
  settings: () => Settings
  locale: () => Locale
  /** Runs a write, reporting its failure instead of throwing: the notice goes ahead regardless. */
  keep: (write: () => void) => void
  onAnnounced: (programs: CachedProgram[], at: number) => void
}

/**
 * The premieres' effects around the pure `duePremieres`/`describePremieres`: checked after each
 * good poll and every minute, so a premiere held by quiet hours goes out as they end. What is due
 * is claimed first: another process of the folder may have announced some.
 */
export function premiereAnnouncer(deps: PremiereAnnouncerDeps): () => void {
  const { clock, cache, premieres, history, keep } = deps
  return () => {
    const now = clock.now()
    const s = deps.settings().reminders
    keep(() => {
      const programs = premieres.claim(duePremieres(cache.read().programs, s, premieres.announced(), now), now)
      const notice = describePremieres(programs, { locale: deps.locale(), timeZone: s.timeZone, now })
      if (!notice) return
      // Told first, then shown, then kept in the history, as a reminder is (reminder-delivery.ts).
      deps.onAnnounced(programs, now)
      deps.notifier.show(notice)
      keep(() =>
        history.add(
          programs.map((p) => ({ at: now, outcome: 'premiere', reminders: [premiereReminder(p, now)] })),
          now
        )
      )
    })
  }
}
