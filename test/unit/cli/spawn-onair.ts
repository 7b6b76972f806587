import { execFile } from 'node:child_process'
import { resolve } from 'node:path'

/**
 * The package's `bin` (out/cli/onair.js), built fresh for this run by test/setup/build-cli.ts:
 * the real `onair` as a user runs it. Start it with `process.execPath`.
 */
export const ONAIR_BIN = resolve(import.meta.dirname, '../../../out/cli/onair.js')

/** Runs it to completion. */

export interface Finished {
  code: number
  stdout: string
  stderr: string
}

export function runOnair(args: string[], env: Record<string, string>): Promise<Finished> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [ONAIR_BIN, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    )
  })
}
