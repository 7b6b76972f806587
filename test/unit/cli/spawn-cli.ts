import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'

/**
 * The one way tests start `onair` as a user does: a real process through the package's `bin`
 * entry, with only PATH and HOME from the test's environment (so a developer's LANG or
 * ONAIR_* never leaks in) plus what the test passes. Switching what runs the CLI is this file.
 */
// The package's `bin`, built fresh for this run from the sources by test/setup/build-cli.ts.
export const CLI_ENTRY = resolve(import.meta.dirname, '../../../out/cli/onair.cjs')

export interface CliProcess {
  child: ChildProcess
  /** Exit code; -1 when killed by a signal. */
  code: Promise<number>
  stdout: string[]
  stderr: () => string
  /** The first stdout line that `match` accepts (rejects after `timeoutMs`, naming what was seen). */
  line(match: (line: string) => boolean, timeoutMs?: number): Promise<string>
}

const KEYRING_PRELOAD = resolve(import.meta.dirname, '../../support/keyring-preload.cjs')

/**
 * Node's arguments and the environment for one CLI process: the user's keyring is never touched;
 * the credential store is the test file's double (keyring-double.cjs), unless the test asks for the
 * real one (ONAIR_TEST_REAL_KEYRING: the tests against a real Secret Service on a bus of their own;
 * a session bus alone, as the notification tests bring, still gets the double).
 */
export function cliProcess(args: string[], env: Record<string, string>, entry = CLI_ENTRY) {
  const real = env.ONAIR_TEST_REAL_KEYRING !== undefined
  return {
    argv: real ? [entry, ...args] : ['--require', KEYRING_PRELOAD, entry, ...args],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...(real ? {} : { ONAIR_TEST_KEYRING: process.env.ONAIR_TEST_KEYRING ?? '' }),
      ...env
    }
  }
}

/** `entry`: another build of the CLI (one made with other build-time settings). */
export function spawnCli(args: string[], env: Record<string, string>, entry = CLI_ENTRY): CliProcess {
  const run = cliProcess(args, env, entry)
  const child = spawn(process.execPath, run.argv, { env: run.env, stdio: ['ignore', 'pipe', 'pipe'] })
  const stdout: string[] = []
  let stderr = ''
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()))
  const waiting = new Set<(l: string) => void>()
  createInterface({ input: child.stdout! }).on('line', (l) => {
    stdout.push(l)
    for (const w of [...waiting]) w(l)
  })
  const code = new Promise<number>((res) => child.on('close', (c) => res(c ?? -1)))
  return {
    child,
    code,
    stdout,
    stderr: () => stderr,
    line(match, timeoutMs = 10_000) {
      const seen = stdout.find(match)
      if (seen !== undefined) return Promise.resolve(seen)
      return new Promise((res, rej) => {
        const timer = setTimeout(() => {
          waiting.delete(check)
          rej(new Error(`no matching line in ${timeoutMs} ms; stdout: ${stdout.join('\n')}; stderr: ${stderr}`))
        }, timeoutMs)
        const check = (l: string) => {
          if (!match(l)) return
          clearTimeout(timer)
          waiting.delete(check)
          res(l)
        }
        waiting.add(check)
      })
    }
  }
}

export interface CliResult {
  code: number
  stdout: string[]
  stderr: string
}

// Short commands from concurrent tests take turns: each start loads Node and the command's code,
// and more than a few at once on two cores only makes every one of them slower.
const MAX_RUNNING = 3
let running = 0
const turns: Array<() => void> = []

/** Runs one command to its end. */
export async function runCliProcess(args: string[], env: Record<string, string>): Promise<CliResult> {
  // A finished run hands its slot straight to the next in line, so the limit always holds.
  if (running < MAX_RUNNING) running++
  else await new Promise<void>((res) => turns.push(res))
  try {
    const p = spawnCli(args, env)
    const code = await p.code
    return { code, stdout: p.stdout, stderr: p.stderr() }
  } finally {
    const next = turns.shift()
    if (next) next()
    else running--
  }
}
