import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

const STEP = resolve(import.meta.dirname, 'children/step.ts')
/**
 * Below the test's own time limit: a step that never comes fails with what the child printed and
 * where it and its children stand (a timeout alone would not say which process stuck, or where).
 */
const STEP_LIMIT_MS = 15_000

/** A child process of the store, stopped and started at the lines it prints (children/step.ts). */
export interface Stepper {
  send(line: string): void
  /** Resolves with the next printed line that matches `pattern` (lines before it are skipped). */
  until(pattern: RegExp): Promise<string>
  signal(name: NodeJS.Signals): void
  exited(): Promise<number | null>
}

/** `env` adds to the child's environment (e.g. libfaketime's, to run its clock ahead). */
export function stepper(dataDir: string, face: 'app' | 'cli', opts: { env?: NodeJS.ProcessEnv } = {}): Stepper {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', STEP, dataDir, face], {
    env: { ...process.env, ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe']
  })
  const lines: string[] = []
  const printed: string[] = []
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
    printed.push(...parts)
    offer()
  })
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()))
  let ended = false
  const endedBefore = (pattern: RegExp) => new Error(`the ${face} child ended before printing ${pattern}: ${stderr}`)
  void exit.then(() => {
    ended = true
    for (const w of waiting.splice(0)) w.fail(endedBefore(w.pattern))
  })
  return {
    send: (line) => void child.stdin!.write(`${line}\n`),
    until: (pattern) =>
      new Promise((done, fail) => {
        const stuck = setTimeout(
          () => fail(new Error(stuckReport(child, face, pattern, printed, stderr))),
          STEP_LIMIT_MS
        )
        const w = {
          pattern,
          done: (line: string) => (clearTimeout(stuck), done(line)),
          fail: (e: Error) => (clearTimeout(stuck), fail(e))
        }
        waiting.push(w)
        offer()
        // Asked after the child ended: what it printed is all there will be.
        if (ended && waiting.includes(w)) {
          waiting.splice(waiting.indexOf(w), 1)
          w.fail(endedBefore(pattern))
        }
      }),
    signal: (name) => void child.kill(name),
    exited: () => {
      child.stdin!.end()
      return exit
    }
  }
}

/** What a child that never printed `pattern` had printed, and the state of it and its children. */
function stuckReport(child: ChildProcess, face: string, pattern: RegExp, printed: string[], stderr: string): string {
  const run = (cmd: string, args: string[]): string => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8' })
    } catch (e) {
      // pgrep answers 1 for no children; its output is what counts.
      return String((e as { stdout?: string }).stdout ?? '')
    }
  }
  const pids = [
    String(child.pid),
    ...run('pgrep', ['-P', String(child.pid)])
      .split('\n')
      .filter(Boolean)
  ]
  const ps = run('ps', ['-o', 'pid,stat,wchan:24,args', '-p', pids.join(',')])
  return `the ${face} child printed no line matching ${pattern} within ${STEP_LIMIT_MS} ms; it printed ${JSON.stringify(printed)}; stderr: ${stderr}\n${ps}`
}
