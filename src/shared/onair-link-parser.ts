import { z } from 'zod'
import type { OnairLink } from './onair-link'

// Reads `onair://` links: which forms are Onair's, onair-link.ts says.

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
