import { AuthError } from '../core/auth/errors'
import type { SessionInfo } from '../core/auth/session'
import { ApiError, describeApiError } from '../core/http/errors'
import { EXIT, type CommandContext, type ExitCode } from './command'

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

/** Known failures become their message and exit 1; anything else is a bug and propagates. */
export function failWith(ctx: CommandContext, e: unknown): ExitCode {
  if (e instanceof AuthError) ctx.io.err(ctx.t(e.userMessage))
  else if (e instanceof ApiError) ctx.io.err(ctx.t(describeApiError(e)))
  else throw e
  return EXIT.failure
}
