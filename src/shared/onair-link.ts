import type { LocalizedText } from './locale'

/**
 * `onair://` links: the only two forms Onair answers, made here and read in
 * onair-link-parser.ts alone (apart, so that what makes links loads no zod).
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
