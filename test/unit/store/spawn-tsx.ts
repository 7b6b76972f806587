import { spawn } from 'node:child_process'

/** Runs a TypeScript file as its own Node process (through tsx); resolves with its exit code and output. */
export function runTs(file: string, args: string[]): Promise<{ code: number; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()))
  return new Promise((res) => child.on('close', (code) => res({ code: code ?? -1, stderr })))
}
