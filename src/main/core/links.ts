/**
 * What an `onair://` link does, decided in plain data: the shell hands over the
 * arguments a launch or a second instance received (or macOS's `open-url`), and acts on the answer.
 * A link that is not one of ours, or several at once, is refused with a message and nothing else
 * happens: a web page can start a custom-scheme link without the user choosing it, so the only
 * effects are opening Onair's own views, never an action on the user's records.
 */
import type { LocalizedText } from '../../shared/locale'
import { looksLikeOnairLink, parseOnairLink, type OnairLink } from '../../shared/onair-link'
import type { CachedProgram } from '../../shared/schedule'
import { workUrl } from './calendar/events'

export type LinkRequest =
  { kind: 'none' } | { kind: 'link'; link: OnairLink } | { kind: 'refused'; message: LocalizedText }

export type LinkAction =
  { kind: 'program'; programId: number } | { kind: 'web'; url: string } | { kind: 'notice'; message: LocalizedText }

export const LINK_REFUSED: LocalizedText = {
  en: 'Onair did not open this link: it opens only onair://program/<number> and onair://work/<number>, one at a time.',
  ja: 'このリンクは開きませんでした。Onair が開けるのは onair://program/<番号> と onair://work/<番号> のどちらか 1 つだけです。'
}

export const NOT_IN_SCHEDULE: LocalizedText = {
  en: 'That broadcast is not in Onair’s schedule (it may have ended, or be of a work you do not follow); here is the schedule.',
  ja: 'その放送は Onair の番組表にありません（終わったか、見ていない作品の放送かもしれません）。番組表を表示します。'
}

/**
 * The link among a launch's arguments. Electron passes the link as one argument, beside the
 * runtime's own (flags, the app path); an argument that starts with `onair:` is one, whatever
 * else it holds.
 */
export function linkRequest(args: readonly string[]): LinkRequest {
  const candidates = args.filter(looksLikeOnairLink)
  if (candidates.length === 0) return { kind: 'none' }
  const link = candidates.length === 1 ? parseOnairLink(candidates[0] ?? '') : null
  return link ? { kind: 'link', link } : { kind: 'refused', message: LINK_REFUSED }
}

const MINUTE = 60_000

/**
 * Where a parsed link leads. A program opens its quick record when the schedule holds it. A work
 * opens the quick record of its broadcast that is on air or next (the schedule is soonest first),
 * else its latest one; a work without any broadcast in the schedule opens its page on the service.
 */
export function linkAction(
  link: OnairLink,
  input: { programs: readonly CachedProgram[]; now: number; durationMinutes: number; mediaUrl: string }
): LinkAction {
  const notFound: LinkAction = { kind: 'notice', message: NOT_IN_SCHEDULE }
  if (link.kind === 'program')
    return input.programs.some((p) => p.id === link.id) ? { kind: 'program', programId: link.id } : notFound
  const ofWork = input.programs.filter((p) => p.work.id === link.id)
  const current = ofWork.find((p) => Date.parse(p.startedAt) + input.durationMinutes * MINUTE > input.now)
  const chosen = current ?? ofWork.at(-1)
  if (chosen) return { kind: 'program', programId: chosen.id }
  const url = workUrl(input.mediaUrl, link.id)
  return url ? { kind: 'web', url } : notFound
}
