import { spawn, type ChildProcess } from 'node:child_process'
import { cliProcess } from './spawn-cli'

/**
 * The built `onair` (spawn-cli.ts) as a long-running process a test watches and signals, where
 * `runOnair` only runs one to completion.
 */

export interface OnairProcess {
  child: ChildProcess
  code: Promise<number>
  stdout: () => string
  stderr: () => string
  /** Resolves once stderr (or stdout) contains `text`. */
  saw: (text: string) => Promise<void>
}

export function onairProcess(args: string[], env: Record<string, string>): OnairProcess {
  const run = cliProcess(args, env)
  const child = spawn(process.execPath, run.argv, { env: run.env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  const waiters: Array<{ text: string; resolve: () => void }> = []
  const seen = () => {
    for (const w of [...waiters]) {
      if (!(out + err).includes(w.text)) continue
      waiters.splice(waiters.indexOf(w), 1)
      w.resolve()
    }
  }
  child.stdout!.on('data', (b: Buffer) => {
    out += b.toString()
    seen()
  })
  child.stderr!.on('data', (b: Buffer) => {
    err += b.toString()
    seen()
  })
  return {
    child,
    code: new Promise((res) => child.on('close', (c) => res(c ?? -1))),
    stdout: () => out,
    stderr: () => err,
    saw: (text) =>
      new Promise((res) => {
        waiters.push({ text, resolve: res })
        seen()
      })
  }
}
