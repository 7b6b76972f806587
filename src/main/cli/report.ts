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
  if (info.replacedTokenKept) ctx.io.err(ctx.t(info.replacedTokenKept))
  if (info.othersWaiting) ctx.io.err(ctx.t(info.othersWaiting))
}

/** Known failures (a refused file included) become their message and exit 1; anything else is a bug and propagates. */
export function failWith(ctx: CommandContext, e: unknown): ExitCode {
  const elsewhere = e instanceof AuthError && e.code === 'not_signed_in' && signedInElsewhere(ctx)
  const message = elsewhere || describeError(e)?.message
  if (!message) throw e
  ctx.io.err(ctx.t(message))
  return EXIT.failure
}
