import type { UserError } from '../../shared/contract/common'
import type { LocalizedText } from '../../shared/locale'
import { AuthError } from './auth/errors'
import { describeFileError } from './file-errors'
import { ApiError, describeApiError } from './http/errors'
import { OutboxError } from './records/entries'
import { UserErrorException } from './user-error'

/**
 * The one description of a failure for every face: the window (IPC replies), the CLI's stderr and
 * the shell's notifications all read this stable code and its text in both languages. Undefined
 * for an error the user cannot act on (a bug): each face says "internal" its own way.
 */
export function describeError(e: unknown): UserError | undefined {
  if (e instanceof UserErrorException) return e.userError
  if (e instanceof AuthError || e instanceof OutboxError) return { code: e.code, message: e.userMessage }
  if (e instanceof ApiError) return { code: `service-${e.kind}`, message: describeApiError(e) }
  // A write the file system refused (a full disk, a folder in a file's place): the user's to fix.
  const file = describeFileError(e)
  if (file) return { code: FILE_ERROR, message: file }
  return undefined
}

/** The code of a file the system refused to read or write. */
export const FILE_ERROR = 'file'

const INTERNAL: LocalizedText = {
  en: 'Something went wrong inside Onair. Please try again.',
  ja: 'Onair の内部でエラーが発生しました。もう一度お試しください。'
}

/** What the window is told: the description, else an internal error that reveals nothing. */
export function toUserError(e: unknown): UserError {
  return describeError(e) ?? { code: 'internal', message: INTERNAL }
}
