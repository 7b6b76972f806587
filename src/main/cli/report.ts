import type { LocalizedText } from '../../shared/locale'
import { AuthError } from '../core/auth/errors'
import { describeError } from '../core/describe-error'
import type { SessionInfo } from '../core/auth/session'
import { EXIT, type CommandContext, type ExitCode } from './command'
import { signedInElsewhere } from './context'

/** How commands tell the user who is signed in and what went wrong, in one voice. */
export function describeUser(ctx: CommandContext, info: SessionInfo): string {
  const { id, username, name } = info.user
  const who = username ? `${username}${name ? ` (${name})` : ''}` : ctx.t({ en: `user #${id}`, ja: `ユーザー #${id}` })
  return ctx.t({
    en: `Signed in as ${who}, scopes: ${info.scopes.join(' ')}`,
    ja: `${who} としてサインイン中（スコープ: ${info.scopes.join(' ')}）`
  })
}

export function printWriteHint(ctx: CommandContext, info: SessionInfo): void {
  if (info.writeHint) ctx.io.err(ctx.t(info.writeHint.message))
}

/** Known failures (a refused file included) become their message and exit 1; anything else is a bug and propagates. */
export function failWith(ctx: CommandContext, e: unknown): ExitCode {
  const elsewhere = e instanceof AuthError && e.code === 'not_signed_in' && signedInElsewhere(ctx)
  const message = elsewhere || describeError(e)?.message
  if (!message) throw e
  ctx.io.err(ctx.t(message))
  return EXIT.failure
}

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
