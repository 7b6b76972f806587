import type { CommandContext, Io } from '../../../src/main/cli/command'
import type { Clock } from '../../../src/main/core/clock'
import { resolveConfig } from '../../../src/main/core/config'
import type { Locale } from '../../../src/shared/locale'

/** An Io for in-process runs: collects output, feeds stdin lines, never opens a browser. */
export interface FakeIo extends Io {
  stdout: string[]
  /** Everything written raw with `write`, joined. */
  written: string
  stderr: string[]
  opened: string[]
}

export function fakeIo(env: Record<string, string | undefined>, stdin: string[] = []): FakeIo {
  const lines = [...stdin]
  const io: FakeIo = {
    stdout: [],
    written: '',
    stderr: [],
    opened: [],
    out: (line) => void io.stdout.push(line),
    write: (text) => void (io.written += text),
    err: (line) => void io.stderr.push(line),
    readLine: async () => lines.shift(),
    env,
    openBrowser: async (url) => void io.opened.push(url)
  }
  return io
}

/** A command's context over a fake Io, in one language: what a command or its output is handed. */
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
