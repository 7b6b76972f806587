import type { Locale, LocalizedText } from '../../shared/locale'
import type { Clock } from '../core/clock'
import type { RuntimeConfig } from '../core/config'

/**
 * The shape every `onair` command file exports. Adding a command is one new file in `commands/`
 * and its name, summary and import in `registry.ts`; the dispatcher gives each the parsed flags,
 * the resolved configuration and the process's streams, and turns what it returns into the exit
 * code.
 */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

export interface Io {
  out(line: string): void
  /** Raw text to stdout, no newline added (a document with its own line ends). */
  write(text: string): void
  err(line: string): void
  /** One line from stdin, without its newline; undefined at end of input. */
  readLine(): Promise<string | undefined>
  env: Record<string, string | undefined>
  /** Opens a URL in the user's browser where there is one; never throws. */
  openBrowser(url: string): Promise<void>
}

export interface OptionSpec {
  type: 'string' | 'boolean'
  short?: string
  /** Shown as `--name <value>` in help; absent for booleans. */
  value?: string
  help: LocalizedText
}

export interface CommandContext {
  io: Io
  config: RuntimeConfig
  /** Every "now" and timer of a command: the system clock, a ManualClock in tests. */
  clock: Clock
  locale: Locale
  /** Picks the user's language. */
  t(text: LocalizedText): string
  /** Flags of this command (common configuration flags are already in `config`). */
  flags: Record<string, string | boolean | undefined>
  positionals: string[]
}

/** A command's code, loaded when it runs; its name and summary are in `registry.ts`. */
export interface Command {
  /** Usage lines after `onair `, e.g. `sign-in [--oob | --token <token>]`. */
  usage: string[]
  description?: LocalizedText
  options: Record<string, OptionSpec>
  /** Most commands take none; a positional they do not expect is a usage error. */
  positionals?: { min: number; max: number }
  run(ctx: CommandContext): Promise<ExitCode>
}

export class UsageError extends Error {
  constructor(readonly userMessage: LocalizedText) {
    super(userMessage.en)
    this.name = 'UsageError'
  }
}
