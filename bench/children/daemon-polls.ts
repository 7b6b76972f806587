import { runDaemon } from '../../src/main/cli/commands/run'
import type { CommandContext } from '../../src/main/cli/command'
import { systemClock, type Clock } from '../../src/main/core/clock'
import { resolveConfig } from '../../src/main/core/config'
import type { CronFactory } from '../../src/main/core/programs/cron'
import { DEFAULT_CRON } from '../../src/main/core/programs/poller'

/**
 * A child of daemon.bench.ts: `onair run`'s own code (runDaemon: the same services, stores and
 * HTTP client as the built daemon) over the folder the bench signed in, polled `POLLS` times back
 * to back. After polls 1, 10, 25, 50 and 100 it prints `{"poll", "rss", "heap", "cpu"}` (bytes, heap
 * after a full GC; CPU time so far in ms). Time runs SPEED× fast for this process's timers (`now` with it), so the pacing of a
 * 1,000-program poll (6.7 s of waits) takes a fraction of that; the emulator's rate limit is off.
 * The bench bundles it with the CLI's own Vite config and runs it with plain Node, as out/cli runs:
 * its resident set is the built daemon's, plus this file.
 */
const POLLS = Number(process.env.POLLS ?? 100)
const SPEED = 20
const SAMPLES = new Set([1, 10, 25, 50, POLLS])
const t0 = Date.now()
const fast: Clock = {
  now: () => t0 + (Date.now() - t0) * SPEED,
  setTimeout: (fn, ms) => systemClock.setTimeout(fn, ms / SPEED),
  clearTimeout: (h) => systemClock.clearTimeout(h)
}

let tick = () => {}
// The schedule's poll ticks here; any other cron (the inbox's) never ticks.
const cron: CronFactory = (expression, fire) => {
  if (expression === DEFAULT_CRON) tick = fire
  return { stop: () => undefined }
}
let polls = 0
let stop!: () => void
const stopped = new Promise<void>((res) => (stop = res))
const gc = globalThis.gc as () => void

const context = (): CommandContext => ({
  io: {
    out(line) {
      const parsed = JSON.parse(line) as { type: string; state?: string }
      if (parsed.type !== 'poll') return
      if (parsed.state !== 'ok') throw new Error(`poll ${polls + 1} failed: ${line}`)
      polls++
      if (SAMPLES.has(polls)) {
        gc()
        const { rss, heapUsed } = process.memoryUsage()
        const { user, system } = process.cpuUsage()
        process.stdout.write(`${JSON.stringify({ poll: polls, rss, heap: heapUsed, cpu: (user + system) / 1000 })}\n`)
      }
      if (polls >= POLLS) stop()
      else setImmediate(tick)
    },
    write: () => undefined,
    err: () => undefined,
    readLine: async () => undefined,
    env: process.env,
    openBrowser: async () => undefined
  },
  config: resolveConfig({}, process.env),
  clock: fast,
  locale: 'en',
  t: (text) => text.en,
  flags: { json: true },
  positionals: []
})
// V8's flags are given on its command line (daemon.bench.ts): set before any code loads, as the
// registry sets them before the daemon's. Started once this module has evaluated: a chunk of the
// build may require names back from the entry, which is this file here, and a CommonJS cycle hands
// them over only when the entry is done (and no top-level await in CommonJS).
setImmediate(() => {
  void runDaemon(context(), { stop: stopped, cron }).then((code) => process.exit(code))
})
