import { describeCorruptFile } from '../core/file-errors'
import type { CorruptFileReport } from '../core/store/database'
import type { CommandContext } from './command'

/**
 * What a command says when one of its files was moved aside (corrupt), on stderr in the user's
 * language. Apart from context.ts so that commands which open no account (`onair config`) do not
 * load the account's code to say it.
 */
export function movedAside(ctx: CommandContext) {
  return (r: CorruptFileReport) => ctx.io.err(ctx.t(describeCorruptFile(r)))
}
