import { execFile } from 'node:child_process'
import { cliProcess } from './spawn-cli'

export interface Finished {
  code: number
  stdout: string
  stderr: string
}

/**
 * The real `onair` binary as a user runs it, to completion (the whole stdout as one string);
 * `input` is typed on its stdin (then closed), as a user pipes a token in.
 */
export function runOnair(args: string[], env: Record<string, string>, input?: string): Promise<Finished> {
  const run = cliProcess(args, env)
  return new Promise((done) => {
    const child = execFile(process.execPath, run.argv, { env: run.env, maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    )
    if (input !== undefined) child.stdin!.end(input)
  })
}
