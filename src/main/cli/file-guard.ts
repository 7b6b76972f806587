import type { CommandContext } from './command'
import { failWith } from './report'

/**
 * A saved file the system refuses (a folder in its place, no permission, a full disk), said once
 * with what to do, while the command goes on with `fallback`: what was fetched is still shown, and
 * `troubled()` tells the command to exit 1.
 */
export function fileGuard(ctx: CommandContext) {
  let troubled = false
  return {
    run<T>(fn: () => T, fallback: T): T {
      try {
        return fn()
      } catch (e) {
        troubled = true
        failWith(ctx, e)
        return fallback
      }
    },
    troubled: () => troubled
  }
}
