import type { LocalizedText, UserError } from '../../shared/contract'
import { currentLanguage } from './i18n/index.svelte'

const unexpected: UserError = {
  code: 'unexpected',
  message: {
    en: 'Something went wrong. Please try again.',
    ja: 'エラーが発生しました。もう一度お試しください。'
  }
}

/** `invoke` rejects with a UserError (plain data); anything else is shown as a generic error. */
export function asUserError(err: unknown): UserError {
  if (typeof err !== 'object' || err === null) return unexpected
  const { code, message } = err as Partial<UserError>
  if (typeof code !== 'string' || typeof message?.en !== 'string' || typeof message.ja !== 'string') return unexpected
  return err as UserError
}

export function localized(text: LocalizedText): string {
  return text[currentLanguage()]
}
