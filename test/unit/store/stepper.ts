import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

const STEP = resolve(import.meta.dirname, 'children/step.ts')

/** A child process of the store, stopped and started at the lines it prints (children/step.ts). */
export interface Stepper {
  send(line: string): void
  /** Resolves with the next printed line that matches `pattern` (lines before it are skipped). */
  until(pattern: RegExp): Promise<string>
  signal(name: NodeJS.Signals): void
  exited(): Promise<number | null>
}

/** `env` adds to the child's environment; `wrap` runs it under a command (e.g. faketime). */
export function stepper(dataDir: string, face: 'app' | 'cli', opts: { wrap?: string[] } = {}): Stepper {
  const argv = [process.execPath, '--import', 'tsx', STEP, dataDir, face]
  const [cmd, ...args] = [...(opts.wrap ?? []), ...argv] as [string, ...string[]]
  const child: ChildProcess = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] })
  const lines: string[] = []
  const waiting: Array<{ pattern: RegExp; done: (line: string) => void; fail: (e: Error) => void }> = []
  let stderr = ''
  let buffered = ''
  const exit = new Promise<number | null>((res) => child.on('close', (code) => res(code)))
  const offer = (): void => {
    for (let i = 0; i < waiting.length;) {
      const w = waiting[i]!
      const at = lines.findIndex((l) => w.pattern.test(l))
      if (at < 0) {
        i++
        continue
      }
      w.done(lines.splice(0, at + 1).pop()!)
      waiting.splice(i, 1)
    }
  }
  child.stdout!.on('data', (b: Buffer) => {
    buffered += b.toString()
    const parts = buffered.split('\n')
    buffered = parts.pop()!
    lines.push(...parts)
    offer()
  })
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()))
  void exit.then(() => {
    for (const w of waiting.splice(0)) w.fail(new Error(`the child ended before printing ${w.pattern}: ${stderr}`))
  })
  return {
    send: (line) => void child.stdin!.write(`${line}\n`),
    until: (pattern) =>
      new Promise((done, fail) => {
        waiting.push({ pattern, done, fail })
        offer()
      }),
    signal: (name) => void child.kill(name),
    exited: () => {
      child.stdin!.end()
      return exit
    }
  }
}
