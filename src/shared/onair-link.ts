import { z } from 'zod'
import type { LocalizedText } from './locale'

/**
 * `onair://` links: the only two forms Onair answers, made and read here.
 * - `onair://program/<id>`: the quick record of that broadcast;
 * - `onair://work/<id>`: that work.
 * Anything else is not a link of ours: another scheme, a third kind, a query or fragment, a
 * second path segment, an encoded slash or dot, an id with a sign, leading zero or more digits
 * than the service's ids (32-bit) have. The whole text must match; nothing is decoded, trimmed or
 * normalised first, so what is refused cannot become acceptable on the way in.
 */
export type OnairLinkKind = 'program' | 'work'
export interface OnairLink {
  kind: OnairLinkKind
  id: number
}

/** The words beside a link wherever Onair hands one out (calendar events, Linux notifications). */
export const OPEN_IN_ONAIR: LocalizedText = { en: 'Open in Onair', ja: 'Onair で開く' }

export function onairLink(kind: OnairLinkKind, id: number): string {
  return `onair://${kind}/${id}`
}

/**
 * Whether a command-line argument was meant as a link for Onair (any case, any form): such an
 * argument is acted on when it parses and refused out loud when not, never ignored silently.
 */
export const looksLikeOnairLink = (arg: string): boolean => arg.slice(0, 6).toLowerCase() === 'onair:'

/** Longer than any link Onair makes ("onair://program/" + 10 digits + "/"): not read further. */
const MAX_LENGTH = 32
/** The service's ids are 32-bit integers. */
const MAX_ID = 2 ** 31 - 1
/**
 * The scheme in either case (RFC 3986: schemes are case-insensitive, and systems differ in what
 * they pass on), the rest exact; a trailing slash is allowed because some launchers add one.
 */
const FORM = /^onair:\/\/(program|work)\/([1-9][0-9]{0,9})\/?$/i

const OnairLinkText = z
  .string()
  .max(MAX_LENGTH)
  .regex(FORM)
  .transform((text) => {
    const [, kind = '', id = ''] = FORM.exec(text) ?? []
    return { kind, id: Number(id) }
  })
  .pipe(z.strictObject({ kind: z.enum(['program', 'work']), id: z.int().positive().max(MAX_ID) }))

/** The link `text` names, or null when it is not one of Onair's two forms. */
export function parseOnairLink(text: string): OnairLink | null {
  const parsed = OnairLinkText.safeParse(text)
  return parsed.success ? parsed.data : null
}
