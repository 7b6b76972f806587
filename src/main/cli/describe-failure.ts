import type { LocalizedText } from '../../shared/locale'
import { describeError } from '../core/describe-error'

/**
 * A failure a long-running command reports and survives (a busy webhook port, a file it could not
 * save, a notifier that threw), in both languages. The system's own detail stays in the message:
 * it names the file or the address.
 */
export function describeFailure(e: unknown): LocalizedText {
  const known = describeError(e)
  if (known) return known.message
  const { code, port } = (e ?? {}) as { code?: unknown; port?: unknown }
  if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
    if (typeof port === 'number') {
      return {
        en: `Port ${port} cannot be used (${code}): choose another with --webhook <port>, or 0 for a free one.`,
        ja: `ポート ${port} は使えません（${code}）。--webhook <port> で別のポートを指定するか、0 で空いているポートを使ってください。`
      }
    }
  }
  const detail = e instanceof Error ? e.message : String(e)
  return { en: `Something went wrong: ${detail}`, ja: `問題が発生しました: ${detail}` }
}
