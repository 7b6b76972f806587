import { createInterface } from 'node:readline'
import { onairProcess } from '../../test/unit/cli/onair-process'
import type { DaemonLine, Restart } from './tally'

/**
 * The soak's hands on the real command line (the built `onair`, started as the process tests
 * start it): one-shot commands and `onair run --json` daemons, all on one data folder. Every
 * daemon's reminder lines are kept for the tally; every command's end is logged.
 */
export type Driver = ReturnType<typeof createDriver>
export type Daemon = ReturnType<Driver['daemon']>

/**
 * `started`: the epoch ms the log's times count from; a command still running after
 * `commandLimitMs` is killed and reported as hung.
 */
export function createDriver(
  env: Record<string, string>,
  { started, commandLimitMs, verbose }: { started: number; commandLimitMs: number; verbose: boolean }
) {
  const lines: DaemonLine[] = []
  const hung: string[] = []
  const spawned: Array<{ spawnedAt: number; firstLineAt?: number; stoppedBefore?: number }> = []
  let lastStop: number | undefined
  const log = (line: string) => {
    if (verbose) process.stderr.write(`[soak ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}\n`)
  }
  return {
    log,
    /** Reminder, missed, repeat and premiere lines of every daemon so far. */
    reminderLines: () => [...lines],
    /** Each daemon started after another was stopped: from that stop to the new one's first line. */
    restarts: (): Restart[] =>
      spawned.flatMap(({ spawnedAt, firstLineAt, stoppedBefore }) =>
        stoppedBefore === undefined ? [] : [{ from: stoppedBefore, spawnedAt, to: firstLineAt ?? Infinity }]
      ),
    /** Commands that had to be killed because they never returned. */
    hung: () => [...hung],
    /**
     * Runs a command to its end; resolves with its exit code and output. With `killAt`, the command
     * is killed (SIGKILL) when that resolves, if it is still running: a crash at a chosen moment.
     */
    async command(args: string[], killAt?: Promise<unknown>) {
      const p = onairProcess(args, env)
      void killAt?.then(() => {
        if (p.child.exitCode !== null || p.child.signalCode !== null) return
        log(`onair ${args.join(' ')}: killed (SIGKILL) on purpose`)
        p.child.kill('SIGKILL')
      })
      // A command that never returns is a finding, not a reason for the soak to hang with it.
      const limit = setTimeout(() => {
        log(`onair ${args.join(' ')} HUNG for ${commandLimitMs / 1000} s: killed`)
        hung.push(args.join(' '))
        p.child.kill('SIGKILL')
      }, commandLimitMs)
      const code = await p.code
      clearTimeout(limit)
      log(`onair ${args.join(' ')} → ${code}${code === 0 ? '' : `: ${lastLine(p.stderr())}`}`)
      return { code, stdout: p.stdout(), stderr: p.stderr() }
    },
    daemon(name: string) {
      // Owed what fell due since the last stop, unless a daemon started since then owes it already.
      const me: (typeof spawned)[number] = { spawnedAt: Date.now(), stoppedBefore: lastStop }
      lastStop = undefined
      spawned.push(me)
      const p = onairProcess(['run', '--json'], env)
      log(`${name}: started (pid ${p.child.pid})`)
      let first: () => void
      const firstLine = new Promise<void>((res) => (first = res))
      createInterface({ input: p.child.stdout! }).on('line', (l) => {
        me.firstLineAt ??= Date.now()
        first()
        const parsed = parseLine(l)
        if (!parsed) return log(`${name}: ${l.slice(0, 160)}`)
        lines.push(parsed)
        log(`${name}: ${parsed.type} ${parsed.programId}/${parsed.offsetMinutes ?? parsed.workId} at ${parsed.firedAt}`)
      })
      const code = p.code.then((c) => {
        log(`${name}: exited ${c}${c === 0 ? '' : `: ${lastLine(p.stderr())}`}`)
        return c
      })
      return {
        name,
        /** Resolves once the process printed its first line (its first poll's outcome), or exited. */
        serving: Promise.race([firstLine, code]).then(() => undefined),
        stop(signal: 'SIGINT' | 'SIGKILL') {
          lastStop = Date.now()
          p.child.kill(signal)
          return code
        }
      }
    }
  }
}

function parseLine(l: string): DaemonLine | undefined {
  try {
    const o = JSON.parse(l) as Partial<DaemonLine>
    return o.type === 'reminder' || o.type === 'missed' || o.type === 'repeat' || o.type === 'premiere'
      ? (o as DaemonLine)
      : undefined
  } catch {
    return undefined
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').slice(-1)[0] ?? ''
}
