import type { LocalizedText, UserError } from '../../../shared/contract'
import { describeFileError } from '../file-errors'

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

export function toUserError(err: unknown): UserError {
  if (err instanceof UserErrorException) return err.userError
  // A write the file system refused (a full disk, a folder in a file's place): the user's to fix.
  const file = describeFileError(err)
  if (file) return { code: 'file', message: file }
  return {
    code: 'internal',
    message: {
      en: 'Something went wrong inside Onair. Please try again.',
      ja: 'Onair の内部でエラーが発生しました。もう一度お試しください。'
    }
  }
}
