import type { CommandContext } from '../../../src/main/cli/command'
import type { Clock } from '../../../src/main/core/clock'
import { resolveConfig } from '../../../src/main/core/config'
import type { Locale } from '../../../src/shared/locale'
import type { FakeIo } from '../../support/fake-io'

/**
 * A command's context over a fake Io, in one language: what a command or its output is handed. Apart
 * from fake-io.ts, which tests that watch when the configuration's code loads import too.
 */
export function fakeContext(
  io: FakeIo,
  opts: { clock: Clock; locale?: Locale; flags?: CommandContext['flags'] }
): CommandContext {
  const locale = opts.locale ?? 'en'
  return {
    io,
    config: resolveConfig({}, io.env),
    clock: opts.clock,
    locale,
    t: (x) => x[locale],
    flags: opts.flags ?? {},
    positionals: []
  }
}
