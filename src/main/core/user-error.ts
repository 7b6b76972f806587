import type { UserError } from '../../shared/contract/common'
import type { LocalizedText } from '../../shared/locale'

/**
 * Thrown by handlers (and the core below them) for failures the user should see. `dispatch`
 * turns it into an `{ ok: false, error }` reply; see the convention in `shared/contract/common.ts`.
 */
export class UserErrorException extends Error {
  readonly userError: UserError

  constructor(code: string, message: LocalizedText, action?: string) {
    super(`${code}: ${message.en}`)
    this.name = 'UserErrorException'
    this.userError = action === undefined ? { code, message } : { code, message, action }
  }
}
