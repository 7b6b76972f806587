import { episodeLabel, episodeLine } from '../../../shared/episode-label'
import type { Locale } from '../../../shared/locale'
import type { CachedProgram, Delivery, Reminder } from '../../../shared/schedule'
import type { NativeNotification } from '../notify'
import { dateFormat } from './local-time'
import { snoozeChoices } from './snooze-choices'

/**
 * What a reminder says, in the user's language: the work, the episode, the channel and the local
 * start time. The start is worded from the actual moment of showing ("in 10 min", "started 3 min
 * ago"), not from the lead time, so a reminder shown late after a sleep is still true.
 */
export interface TextContext {
  locale: Locale
  /** IANA zone of the user; absent means the system zone. */
  timeZone?: string
  now: number
}

const MINUTE = 60_000

const AGAIN = { en: 'Reminder again: {title}', ja: 'もう一度お知らせ: {title}' } satisfies Record<Locale, string>

export function describeDelivery(d: Delivery, ctx: TextContext): NativeNotification {
  if (d.kind === 'single') {
    const { program, key, programId, startedAt, offsetMinutes } = d.reminder
    const shift = d.reminder.shiftMinutes ?? 0
    const when = shift === 0 ? startLine(program, ctx) : watchLine(watchIso(d.reminder), ctx)
    return {
      // A repeat replaces the episode's earlier notification; its ledger key goes in `reminder`.
      id: d.reminder.replaces ?? key,
      // "Don't let me miss it" says when it is a repeat, so it does not read as a second episode.
      title: d.reminder.repeat ? AGAIN[ctx.locale].replace('{title}', program.work.title) : program.work.title,
      body: [episodeLine(program.episode, ctx.locale), `${when} · ${program.channel.name} ${slotTime(d.reminder, ctx)}`]
        .filter((l) => l !== '')
        .join('\n'),
      target: { kind: 'record', programId: program.id },
      reminder: { key, programId, startedAt, offsetMinutes },
      snoozes: snoozeChoices({ startedAt, shiftMinutes: shift }, ctx.now)
    }
  }
  const programs = distinctPrograms(d.reminders)
  const n = programs.length
  const title =
    d.kind === 'group'
      ? { en: n === 1 ? '1 show coming up' : `${n} shows coming up`, ja: `まもなく ${n} 本の番組が放送されます` }
      : d.why === 'not-running'
        ? {
            en:
              n === 1 ? 'Missed while Onair was not running: 1 show' : `Missed while Onair was not running: ${n} shows`,
            ja: `Onair が動いていない間に見逃した番組: ${n} 本`
          }
        : d.why === 'shifted'
          ? {
              en: n === 1 ? 'Moved earlier, already past: 1 show' : `Moved earlier, already past: ${n} shows`,
              ja: `時刻が早まり、通知の時刻を過ぎた番組: ${n} 本`
            }
          : {
              en: n === 1 ? 'Missed while away: 1 show' : `Missed while away: ${n} shows`,
              ja: `不在の間に見逃した番組: ${n} 本`
            }
  return {
    id: d.kind === 'group' ? `group:${d.fireAt}` : `missed:${d.reminders[0]?.key ?? ctx.now}`,
    title: title[ctx.locale],
    body: programs.map((r) => summaryLine(r.program, ctx, r.shiftMinutes)).join('\n'),
    target: { kind: 'schedule' }
  }
}

/**
 * `21:30 Starlit Courier Ep. 6 (Tokyo MX)`: one program of a group or missed summary; on a channel
 * with an offset, the time it can be watched and the broadcast's (`22:30 … (Netflix, broadcast 21:30)`).
 * `time` writes the times when a list has its own way (tonight's, in extended hours); localTime otherwise.
 */
export function summaryLine(
  p: CachedProgram,
  ctx: Omit<TextContext, 'now'> & { now?: number; time?: (iso: string) => string },
  shiftMinutes = 0
): string {
  const time = ctx.time ?? ((iso: string) => localTime(iso, ctx))
  const episode = episodeLabel(p.episode, ctx.locale)
  const at = new Date(Date.parse(p.startedAt) + shiftMinutes * MINUTE).toISOString()
  const aired = time(p.startedAt)
  const where =
    shiftMinutes === 0
      ? p.channel.name
      : ctx.locale === 'ja'
        ? `${p.channel.name}、放送 ${aired}`
        : `${p.channel.name}, broadcast ${aired}`
  return `${time(at)} ${p.work.title}${episode ? ` ${episode}` : ''} (${where})`
}

function distinctPrograms(reminders: readonly Reminder[]): Reminder[] {
  const byId = new Map<number, Reminder>()
  for (const r of reminders) if (!byId.has(r.programId)) byId.set(r.programId, r)
  return [...byId.values()].sort((a, b) => watchMs(a) - watchMs(b) || a.programId - b.programId)
}

const watchMs = (r: Reminder): number => Date.parse(r.startedAt) + (r.shiftMinutes ?? 0) * MINUTE
const watchIso = (r: Reminder): string => new Date(watchMs(r)).toISOString()

/** `21:30`, or on a channel with an offset `22:30 (broadcast 21:30)`, so both times are in view. */
function slotTime(r: Reminder, ctx: TextContext): string {
  const aired = localTime(r.startedAt, ctx)
  if ((r.shiftMinutes ?? 0) === 0) return aired
  return ctx.locale === 'ja'
    ? `${localTime(watchIso(r), ctx)}（放送 ${aired}）`
    : `${localTime(watchIso(r), ctx)} (broadcast ${aired})`
}

/** Like startLine, for the moment the episode can be watched on a channel with an offset. */
function watchLine(iso: string, { locale, now }: TextContext): string {
  const minutes = Math.round((Date.parse(iso) - now) / MINUTE)
  if (minutes === 0) return locale === 'ja' ? '視聴できます' : 'Available now'
  const span = duration(Math.abs(minutes), locale)
  if (minutes > 0) return locale === 'ja' ? `${span}後に視聴可能` : `Available in ${span}`
  return locale === 'ja' ? `${span}前から視聴可能` : `Available for ${span}`
}

function startLine(p: CachedProgram, { locale, now }: TextContext): string {
  const minutes = Math.round((Date.parse(p.startedAt) - now) / MINUTE)
  if (minutes === 0) return locale === 'ja' ? '放送開始' : 'On air now'
  const span = duration(Math.abs(minutes), locale)
  if (minutes > 0) return locale === 'ja' ? `${span}後に放送開始` : `Starts in ${span}`
  return locale === 'ja' ? `${span}前に放送開始` : `Started ${span} ago`
}

/** `25 min`, `1 h 5 min` / `25分`, `1時間5分`: a span of whole minutes in the user's language. */
export function duration(minutes: number, locale: Locale): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  if (locale === 'ja') return h === 0 ? `${m}分` : m === 0 ? `${h}時間` : `${h}時間${m}分`
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`
}

/** `21:30`, with the weekday when it is not today in the user's zone (`Sat 01:30`, `土 01:30`). */
export function localTime(iso: string, ctx: { locale: Locale; timeZone?: string; now?: number }): string {
  const at = Date.parse(iso)
  if (ctx.timeZone === undefined) return systemZoneTime(at, ctx.locale, ctx.now)
  const time = dateFormat(ctx.locale, ctx.timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at)
  if (ctx.now === undefined) return time
  const day = dateFormat(ctx.locale, ctx.timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' })
  if (day.format(at) === day.format(ctx.now)) return time
  return `${dateFormat(ctx.locale, ctx.timeZone, { weekday: 'short' }).format(at)} ${time}`
}

const WEEKDAYS: Record<Locale, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  ja: ['日', '月', '火', '水', '木', '金', '土']
}

/**
 * localTime in the system zone (no reminders.timeZone, the default) from Date's local fields:
 * the same wall clock and the same words as Intl's default zone (reminder-text.test.ts compares
 * them in several zones), without Intl's first DateTimeFormat, which loads the zone and locale
 * data and holds up `onair upcoming` and a daemon's first notification.
 */
function systemZoneTime(at: number, locale: Locale, now: number | undefined): string {
  const d = new Date(at)
  const time = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
  if (now === undefined) return time
  const today = new Date(now)
  const sameDay =
    d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth() && d.getDate() === today.getDate()
  return sameDay ? time : `${WEEKDAYS[locale][d.getDay()]} ${time}`
}
