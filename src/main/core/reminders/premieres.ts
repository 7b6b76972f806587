import { z } from 'zod'
import type { HistoryReminder } from '../../../shared/reminder-history'
import type { CachedProgram } from '../../../shared/schedule'
import type { ReminderSettings } from '../../../shared/settings'
import type { NativeNotification } from '../notify'
import type { DocumentStore } from '../store/document'
import { isInQuietHours } from './local-time'
import { isWanted } from './planner'
import { summaryLine, type TextContext } from './reminder-text'

export const PremieresDoc = z.object({
  version: z.literal(1),
  /** Work id → when its premiere was announced. */
  works: z.record(z.string(), z.object({ notifiedAt: z.number() }))
})
export type PremieresDoc = z.output<typeof PremieresDoc>

/**
 * "Premieres tonight": the schedule holds only works the user marked watching or
 * want to watch, so a first episode appearing in it is a premiere the user planned to see. One
 * notice per work, ever (across processes and restarts: `premieres.json`, claimed in one
 * transaction), at the first moment outside quiet hours while the episode is still ahead.
 */
const DAY = 24 * 60 * 60_000
/** Long past any airing of a first episode on a later channel: the work is not announced twice. */
export const PREMIERE_KEEP_MS = 180 * DAY

export const emptyPremieres = (): PremieresDoc => ({ version: 1, works: {} })

/** Episode 1, however the service numbers it (`1`, `1.0`, `#1`, `第1話`). */
export function isFirstEpisode(p: CachedProgram): boolean {
  const e = p.episode
  if (!e) return false
  if (e.number !== null && Number(e.number) === 1) return true
  return /^(#|第)?0*1(話)?$/.test((e.numberText ?? '').trim())
}

/**
 * Pure: the premieres to announce at `now`, one per work (its earliest first episode still
 * ahead), none while the setting is off or quiet hours hold, none for a work already announced
 * or not reminded of (muted, not picked, a hidden rebroadcast). All of them make ONE notice
 * (`describePremieres`): the first poll after signing in, or a season's start, finds a dozen at
 * once, and a dozen notifications would be a burst. Earliest first, as the notice lists them.
 */
export function duePremieres(
  programs: readonly CachedProgram[],
  settings: ReminderSettings,
  announced: ReadonlySet<number>,
  now: number
): CachedProgram[] {
  if (!settings.premiere || isInQuietHours(now, settings.quietHours, settings.timeZone)) return []
  const byWork = new Map<number, CachedProgram>()
  for (const p of programs) {
    if (p.isRebroadcast || !isFirstEpisode(p) || Date.parse(p.startedAt) < now) continue
    if (announced.has(p.work.id) || !isWanted(p, settings)) continue
    const seen = byWork.get(p.work.id)
    if (!seen || Date.parse(p.startedAt) < Date.parse(seen.startedAt)) byWork.set(p.work.id, p)
  }
  return [...byWork.values()].sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt) || a.work.id - b.work.id)
}

/** A notice names this many premieres; the rest are counted ("…and 3 more"), so it stays readable. */
export const NAMED_PREMIERES = 5

/**
 * The one notice for the premieres announced at one moment. One: `Premiere: Starlit Courier` /
 * `21:00 Starlit Courier Ep. 1 (Tokyo MX)`, opening its quick record. Several: `3 premieres coming
 * up` and a line each (a weekday where not today: the schedule runs days ahead, so not "tonight"),
 * opening the schedule. Null for none.
 */
export function describePremieres(programs: readonly CachedProgram[], ctx: TextContext): NativeNotification | null {
  const [first] = programs
  if (!first) return null
  if (programs.length === 1)
    return {
      id: `premiere:${first.work.id}`,
      title: ctx.locale === 'ja' ? `初回放送: ${first.work.title}` : `Premiere: ${first.work.title}`,
      body: summaryLine(first, ctx),
      target: { kind: 'record', programId: first.id }
    }
  const n = programs.length
  const more = n - NAMED_PREMIERES
  const lines = programs.slice(0, NAMED_PREMIERES).map((p) => summaryLine(p, ctx))
  if (more > 0) lines.push(ctx.locale === 'ja' ? `ほか ${more} 作品` : `…and ${more} more`)
  return {
    // One id per moment: a later batch is news of its own, not a replacement of this one.
    id: `premieres:${ctx.now}`,
    title: ctx.locale === 'ja' ? `初回放送 ${n} 作品` : `${n} premieres coming up`,
    body: lines.join('\n'),
    target: { kind: 'schedule' }
  }
}

/** What the history keeps of an announced premiere: `premiere:<work>`, due when announced. */
export const premiereReminder = (p: CachedProgram, at: number): HistoryReminder => ({
  key: `premiere:${p.work.id}`,
  offsetMinutes: Math.round((Date.parse(p.startedAt) - at) / 60_000),
  fireAt: at,
  program: p
})

export interface Premieres {
  announced(): Set<number>
  /** The works of `programs` no process has announced yet, recorded as announced in one transaction. */
  claim(programs: readonly CachedProgram[], now: number): CachedProgram[]
}

export function premieresOver(store: DocumentStore<PremieresDoc>): Premieres {
  return {
    announced: () => new Set(Object.keys(store.read().works).map(Number)),
    claim(programs, now) {
      if (programs.length === 0) return []
      let fresh: CachedProgram[] = []
      store.update((doc) => {
        fresh = programs.filter((p) => !(String(p.work.id) in doc.works))
        const works = Object.fromEntries(
          Object.entries(doc.works).filter(([, w]) => now - w.notifiedAt < PREMIERE_KEEP_MS)
        )
        for (const p of fresh) works[String(p.work.id)] = { notifiedAt: now }
        return { version: 1, works }
      })
      return fresh
    }
  }
}
