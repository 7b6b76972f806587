import type { CalendarInfo } from '../../shared/contract/calendar'
import { inboxTypeLabel } from '../core/inbox/types'
import type { Reminder } from '../../shared/schedule'
import type { Clock } from '../core/clock'
import { describeReplacedWebhookUrl } from '../core/inbox/webhook-secret'
import { describeDelivery, summaryLine } from '../core/reminders/reminder-text'
import { describePremieres } from '../core/reminders/premieres'
import type { ReminderEvent } from '../core/reminders/reminder-delivery'
import type { TonightEvent } from '../core/tonight/service'
import type { WebhookEvent } from '../core/wiki/webhooks'
import type { LocalizedText } from '../../shared/locale'
import type { CommandContext } from './command'
import { describeFailure } from './describe-failure'

/**
 * What `onair run` prints. stdout is a contract: one line per reminder (with --json one object per
 * line; a reminder is exactly `{"type":"reminder","programId","offsetMinutes","startedAt","firedAt"}`,
 * plus `availableAt` when its channel has an offset: when the episode can be watched, which
 * `offsetMinutes` counts back from; a "don't let me miss it" repeat is the same with
 * `"type":"repeat"` and `repeat`, its number, and a negative `offsetMinutes` after the start);
 * everything else goes to stderr in text mode and as other `type`s in JSON mode.
 */
export interface DaemonOutput {
  reminders(event: ReminderEvent): void
  /** A failure the daemon survives. */
  error(e: unknown): void
  webhookEvent(event: WebhookEvent): void
  webhookUrl(url: string): void
  /** The secret had to be replaced: the URL registered in the wiki stopped working. */
  webhookUrlReplaced(url: string): void
  /**
   * The calendar feed's address, each time it changes: served (started, or a new address from
   * "New address" or `onair calendar new-url`), stopped (`url` null), or failed to start.
   */
  calendar(info: CalendarInfo): void
  /** Tonight's list, shown: one line (JSON: `{"type":"tonight","day","programIds","firedAt"}`). */
  tonight(event: TonightEvent): void
}

type Line = Record<string, unknown>

/** `timeZone` is the reminders' setting, read at each line as the app reads it. */
export function daemonOutput(ctx: CommandContext, clock: Clock, timeZone: () => string | undefined): DaemonOutput {
  const iso = (ms: number) => new Date(ms).toISOString()
  if (ctx.flags.json !== true) return textOutput(ctx, timeZone)
  const emit = (line: Line) => ctx.io.out(JSON.stringify(line))
  return {
    reminders: (event) => jsonLines(event, ctx, emit, iso(clock.now())),
    error: (e) => emit({ type: 'error', at: iso(clock.now()), message: ctx.t(describeFailure(e)) }),
    webhookEvent: (event) => emit({ type: 'event', event }),
    webhookUrl: (url) => emit({ type: 'webhook', url }),
    webhookUrlReplaced: (url) =>
      emit({ type: 'webhook-replaced', url, message: ctx.t(describeReplacedWebhookUrl(url)) }),
    calendar: (info) =>
      emit(
        info.error
          ? { type: 'error', at: iso(clock.now()), message: ctx.t(info.error) }
          : { type: 'calendar', url: info.url }
      ),
    tonight: (e) =>
      emit({ type: 'tonight', day: e.day, programIds: e.programs.map((p) => p.id), firedAt: iso(e.firedAt) })
  }
}

const reminderLine = (type: 'reminder' | 'missed', r: Reminder, firedAt: string): Line => ({
  // A repeat ("don't let me miss it") has a type of its own: a reader counting reminders is not misled.
  type: r.repeat && type === 'reminder' ? 'repeat' : type,
  ...(r.repeat ? { repeat: r.repeat } : {}),
  programId: r.programId,
  offsetMinutes: r.offsetMinutes,
  startedAt: r.startedAt,
  firedAt,
  ...(r.shiftMinutes ? { availableAt: new Date(Date.parse(r.startedAt) + r.shiftMinutes * 60_000).toISOString() } : {})
})

function jsonLines(event: ReminderEvent, ctx: CommandContext, emit: (line: Line) => void, at: string): void {
  if (event.type === 'delivery') {
    const { delivery: d, firedAt } = event
    const reminders = d.kind === 'single' ? [d.reminder] : d.reminders
    const type = d.kind === 'missed' ? 'missed' : 'reminder'
    for (const r of reminders) emit(reminderLine(type, r, new Date(firedAt).toISOString()))
    return
  }
  if (event.type === 'withdrawn') {
    const at = new Date(event.at).toISOString()
    for (const p of event.programs) emit({ type: 'withdrawn', programId: p.id, startedAt: p.startedAt, at })
    return
  }
  if (event.type === 'premiere') {
    // One line per work, also when one notice named several: a reader counts works.
    const firedAt = new Date(event.firedAt).toISOString()
    for (const p of event.programs)
      emit({ type: 'premiere', programId: p.id, workId: p.work.id, startedAt: p.startedAt, firedAt })
    return
  }
  const { status, result } = event
  if (result?.ok) {
    emit({
      type: 'poll',
      at,
      state: status.state,
      programs: result.programs.length,
      pages: result.pages,
      complete: result.complete
    })
  } else if (status.error) {
    emit({
      type: 'error',
      at,
      state: status.state,
      ...(result ? { kind: result.error.kind } : {}),
      message: ctx.t(status.error),
      retryAt: status.retryAt === null ? null : new Date(status.retryAt).toISOString()
    })
  } else {
    emit({ type: 'state', at, state: status.state })
  }
}

function textOutput(ctx: CommandContext, timeZone: () => string | undefined): DaemonOutput {
  return {
    reminders: (event) => textLines(event, ctx, timeZone()),
    error: (e) => ctx.io.err(ctx.t(describeFailure(e))),
    webhookEvent: (event) =>
      ctx.io.out(`${ctx.t(inboxTypeLabel(event.type === 'unknown' ? event.originalType : event.type))}: ${event.type}`),
    webhookUrl: (url) =>
      ctx.io.err(ctx.t({ en: `Webhook receiver: register ${url}`, ja: `Webhook の受信先: ${url} を登録してください` })),
    webhookUrlReplaced: (url) => ctx.io.err(ctx.t(describeReplacedWebhookUrl(url))),
    calendar: (info) => ctx.io.err(ctx.t(info.error ?? describeFeed(info.url))),
    tonight: ({ notice }) => ctx.io.out(`${notice.title} — ${notice.body.split('\n').join('; ')}`)
  }
}

const describeFeed = (url: string | null): LocalizedText =>
  url
    ? { en: `Calendar feed: subscribe to ${url}`, ja: `カレンダー配信: ${url} を購読してください` }
    : { en: 'Calendar feed: stopped.', ja: 'カレンダー配信: 停止しました。' }

function textLines(event: ReminderEvent, ctx: CommandContext, timeZone: string | undefined): void {
  if (event.type === 'status') {
    const { status, result } = event
    if (result?.ok)
      ctx.io.err(
        ctx.t({
          en: `Schedule updated: ${result.programs.length} programs.`,
          ja: `番組表を更新しました: ${result.programs.length} 件。`
        })
      )
    else if (status.error) ctx.io.err(ctx.t(status.error))
    return
  }
  if (event.type === 'withdrawn') {
    const text = { locale: ctx.locale, timeZone }
    for (const p of event.programs)
      ctx.io.out(
        ctx.t({
          en: `Recorded elsewhere, reminder withdrawn: ${summaryLine(p, { ...text, locale: 'en' })}`,
          ja: `別の場所で記録済みのため通知を取り下げ: ${summaryLine(p, { ...text, locale: 'ja' })}`
        })
      )
    return
  }
  if (event.type === 'premiere') {
    // One line, as the one notice: several premieres are its title and their lines joined by `; `.
    const n = describePremieres(event.programs, { locale: ctx.locale, timeZone, now: event.firedAt })
    if (n) ctx.io.out(`${n.title} — ${n.body.split('\n').join('; ')}`)
    return
  }
  const { delivery: d, firedAt } = event
  const text = { locale: ctx.locale, timeZone, now: firedAt }
  // One line per reminder, also inside a group; a missed summary stays one line.
  const notes =
    d.kind === 'group'
      ? d.reminders.map((reminder) => describeDelivery({ kind: 'single', reminder }, text))
      : [describeDelivery(d, text)]
  for (const n of notes) ctx.io.out(`${n.title} — ${n.body.split('\n').join(d.kind === 'missed' ? '; ' : ' · ')}`)
}
