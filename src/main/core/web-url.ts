import { isHttpUrl } from '../../shared/contract/app'
import type { LocalizedText } from '../../shared/locale'
import { UserErrorException } from './user-error'

/**
 * The one rule for every address Onair hands to the system to open (the CLI's browser opener,
 * Electron's `shell.openExternal` at sign-in, for links and from notifications): web addresses
 * only. A `file:` or UNC address opened on Windows makes the system connect to that share with the
 * user's credentials; a custom scheme starts whatever program claims it.
 *
 * The answer is the parsed address (`URL.href`), not the text given: the parser has dropped
 * leading blanks and control characters and percent-encoded spaces and quotes, so what reaches an
 * opener begins with `http` and is one argument. Undefined: not to be opened.
 */
export function webUrl(url: string): string | undefined {
  return isHttpUrl(url) ? new URL(url).href : undefined
}

export const NOT_A_WEB_URL: LocalizedText = {
  en: 'Only web links (http or https) can be opened.',
  ja: '開けるのは Web のリンク（http または https）だけです。'
}

/** `open` guarded by `webUrl`: anything else is refused (a UserErrorException) and never opened. */
export function webOnly(open: (url: string) => Promise<void>): (url: string) => Promise<void> {
  return async (url) => {
    const address = webUrl(url)
    if (address === undefined) throw new UserErrorException('unsafe-url', NOT_A_WEB_URL)
    await open(address)
  }
}
