import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { build } from 'vite'
import { cpuMs, root, rssMb, signedInFolder, sleep, startDaemon } from './onair-daemon'
import { summarise, type Bench, type Row } from './stats'

/**
 * `onair run` as users run it (the built out/cli, rebuilt here):
 * - its resident set half a second after its first poll, with the emulator's sample schedule and
 *   with 1,000 programs in the window (all cached by that poll); goal ≤ 64 MB;
 * - whether it stays flat: the same daemon code polled 100 times back to back
 *   (children/daemon-polls.ts), resident set and heap after polls 1 and 100;
 * - what it costs idle: CPU time over DAEMON_IDLE_MINUTES (default 12) after its first poll, with
 *   no poll due in that time (poll.cron once a year) and no reminder due: ≈ 0 is the goal.
 */
const RSS_RUNS = 3
const POLL_RUNS = 2
const IDLE_MINUTES = Number(process.env.DAEMON_IDLE_MINUTES ?? 12)
const RSS_GOAL_MB = 64

async function rssAfterFirstPoll(programs: number): Promise<{ mb: number; cached: number }> {
  const folder = await signedInFolder(programs)
  try {
    const daemon = await startDaemon(folder)
    // A moment for what the poll started (plan, timers, file writes) to settle.
    await sleep(500)
    const mb = rssMb(daemon.child.pid!)
    await daemon.stop()
    return { mb, cached: daemon.programs }
  } finally {
    await folder.close()
  }
}

interface PollSample {
  poll: number
  rss: number
  heap: number
}

async function hundredPolls(): Promise<PollSample[]> {
  const folder = await signedInFolder(1000)
  try {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', join(root, 'bench/children/daemon-polls.ts')],
      { env: folder.env, stdio: ['ignore', 'pipe', 'inherit'] }
    )
    const samples: PollSample[] = []
    createInterface({ input: child.stdout }).on('line', (l) => samples.push(JSON.parse(l) as PollSample))
    const code = await new Promise((res) => child.on('close', res))
    if (code !== 0) throw new Error(`daemon-polls exited ${code}`)
    return samples
  } finally {
    await folder.close()
  }
}

async function idleCpu(): Promise<{ ms: number; minutes: number }> {
  const folder = await signedInFolder(0, { version: 1, poll: { cron: '0 0 1 1 *' } })
  try {
    const daemon = await startDaemon(folder)
    await sleep(2000)
    const before = cpuMs(daemon.child.pid!)
    const started = Date.now()
    await sleep(IDLE_MINUTES * 60_000)
    const ms = cpuMs(daemon.child.pid!) - before
    const minutes = (Date.now() - started) / 60_000
    await daemon.stop()
    return { ms, minutes }
  } finally {
    await folder.close()
  }
}

const mb = (bytes: number) => bytes / 1024 / 1024

const bench: Bench = {
  name: 'daemon',
  async run() {
    await build({ configFile: join(root, 'cli.vite.config.ts'), logLevel: 'warn' })
    const rows: Row[] = []
    for (const programs of [0, 1000]) {
      const mbs: number[] = []
      let cached = 0
      for (let i = 0; i < RSS_RUNS; i++) {
        const r = await rssAfterFirstPoll(programs)
        mbs.push(r.mb)
        cached = r.cached
      }
      rows.push({
        bench: 'daemon',
        metric: `onair run RSS after first poll, ${programs ? '1,000 programs' : 'sample schedule'}`,
        ...summarise(mbs, 1, ' MB'),
        note: `${cached} programs cached; goal ≤ ${RSS_GOAL_MB} MB: met in ${mbs.filter((m) => m <= RSS_GOAL_MB).length} of ${RSS_RUNS}`
      })
    }
    const runs: PollSample[][] = []
    for (let i = 0; i < POLL_RUNS; i++) runs.push(await hundredPolls())
    const at = (n: number) => runs.map((r) => r.find((s) => s.poll === n)!)
    const growth = (key: 'rss' | 'heap') => runs.map((r) => mb(r.at(-1)![key] - r[0]![key]))
    rows.push(
      {
        bench: 'daemon',
        metric: '100 polls of 1,000 programs: RSS growth, poll 1 → 100',
        ...summarise(growth('rss'), 1, ' MB'),
        note: `${POLL_RUNS} runs; RSS at poll 1 / 10 / 25 / 50 / 100 (first run, under tsx): ${runs[0]!.map((s) => mb(s.rss).toFixed(1)).join(' / ')} MB`
      },
      {
        bench: 'daemon',
        metric: '100 polls of 1,000 programs: heap growth after GC, poll 1 → 100',
        ...summarise(growth('heap'), 1, ' MB'),
        note: `heap at poll 1: ${
          summarise(
            at(1).map((s) => mb(s.heap)),
            1,
            ' MB'
          ).value
        }`
      }
    )
    const idle = await idleCpu()
    rows.push({
      bench: 'daemon',
      metric: `idle daemon: CPU time over ${idle.minutes.toFixed(0)} min`,
      value: `${idle.ms} ms`,
      spread: 'one run',
      note: `${((idle.ms / (idle.minutes * 60_000)) * 100).toFixed(3)} % of one core; /proc ticks of 10 ms`
    })
    return rows
  }
}

export default bench
