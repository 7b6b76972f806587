import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { build } from 'vite'
import {
  missing,
  startNotificationServer,
  startSessionBus,
  type NotificationServer
} from '../test/unit/linux/notification-server'
import { DAEMON_V8_FLAGS } from '../src/main/cli/daemon-memory'
import { scratchDir } from '../test/support/temp-dir'
import { cpuMs, root, rssMb, signedInFolder, sleep, startDaemon } from './onair-daemon'
import { median, row, type Bench, type Row } from './stats'
import type { SettingsInput } from '../src/shared/settings'

/**
 * `onair run` as users run it (the built out/cli, rebuilt here):
 * - its resident set half a second after its first poll, with the emulator's sample schedule and
 *   with 1,000 programs in the window (all cached by that poll); goal ≤ 64 MB. Again with 1,000
 *   programs and quiet hours on in a set time zone, and on a private D-Bus session with a
 *   notification server (python3-dbusmock), as on a Linux desktop, where the daemon's D-Bus client
 *   connects and asks for the capabilities;
 * - whether it stays flat: the same daemon code polled 100 times back to back
 *   (children/daemon-polls.ts, bundled by the CLI's own Vite config and run by plain Node, as
 *   out/cli is), resident set and heap after polls 1 and 100, with default settings and with
 *   quiet hours in a zone; and what one poll costs in CPU time with and without the V8 flags;
 * - what it costs idle: CPU time over DAEMON_IDLE_MINUTES (default 12) after its first poll, with
 *   no poll due in that time (poll.cron once a year) and no reminder due: ≈ 0 is the goal.
 */
const RSS_RUNS = 3
const POLL_RUNS = 2
const IDLE_MINUTES = Number(process.env.DAEMON_IDLE_MINUTES ?? 12)
const RSS_GOAL_MB = 64
/** DAEMON_ONLY=rss,polls,idle (any of them): only those rows; a full run takes ~15 minutes. */
const only = process.env.DAEMON_ONLY?.split(',')
const wanted = (part: 'rss' | 'polls' | 'idle') => !only || only.includes(part)

/** A session bus with a notification server on it, in a folder removed at `close`. */
async function desktopBus(): Promise<{ env: Record<string, string>; close(): void }> {
  const folder = scratchDir('onair-bench-bus-')
  let server: NotificationServer
  try {
    server = await startNotificationServer(undefined, await startSessionBus(folder))
  } catch (e) {
    rmSync(folder, { recursive: true, force: true })
    throw e
  }
  return {
    env: server.env,
    close() {
      server.close()
      rmSync(folder, { recursive: true, force: true })
    }
  }
}

/** Quiet hours in a set zone: the daemon then reads wall clocks through Intl's zone data. */
const QUIET_IN_TOKYO: SettingsInput = {
  version: 1,
  reminders: { quietHours: { enabled: true, start: '01:00', end: '07:00' }, timeZone: 'Asia/Tokyo' }
}

async function rssAfterFirstPoll(
  programs: number,
  env: Record<string, string> = {},
  settings?: SettingsInput
): Promise<{ mb: number; cached: number }> {
  const folder = await signedInFolder(programs, settings)
  try {
    const daemon = await startDaemon(folder, env)
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
  cpu: number
}

/**
 * children/daemon-polls.ts bundled as out/cli is (cli.vite.config.ts: every library inlined, conf
 * trimmed, the same defines), so its resident set is the built daemon's and not tsx's compiler.
 * The launcher itself cannot be driven 20× fast: its clock and cron are not injectable.
 */
async function buildPollChild(outDir: string): Promise<string> {
  await build({
    configFile: join(root, 'cli.vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: join(root, 'bench/children/daemon-polls.ts'),
      outDir,
      sourcemap: false,
      rollupOptions: { output: { entryFileNames: 'daemon-polls.cjs' } }
    }
  })
  return join(outDir, 'daemon-polls.cjs')
}

async function hundredPolls(script: string, flags: string[], settings?: SettingsInput): Promise<PollSample[]> {
  const folder = await signedInFolder(1000, settings)
  try {
    const child = spawn(process.execPath, ['--expose-gc', ...flags, script], {
      env: folder.env,
      stdio: ['ignore', 'pipe', 'inherit']
    })
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

/** A bare Node's resident set in the same run: the floor the daemon's figure stands on. */
async function bareNodeMb(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'ignore' })
  await sleep(1000)
  const mb = rssMb(child.pid!)
  child.kill()
  return mb
}

async function rssRows(): Promise<Row[]> {
  const rows: Row[] = []
  const bare: number[] = []
  for (let i = 0; i < RSS_RUNS; i++) bare.push(await bareNodeMb())
  rows.push(row('daemon', 'bare node RSS (same run)', bare, 1, ' MB', 'node -e, 1 s in'))
  const noBus = missing()
  const variants = [
    { programs: 0, label: 'sample schedule', bus: false },
    { programs: 1000, label: '1,000 programs', bus: false },
    { programs: 1000, label: '1,000 programs, quiet hours on in Asia/Tokyo', bus: false, settings: QUIET_IN_TOKYO },
    { programs: 1000, label: '1,000 programs, D-Bus notification server', bus: true }
  ]
  for (const { programs, label, bus, settings } of variants) {
    if (bus && noBus) {
      rows.push({
        bench: 'daemon',
        metric: `onair run RSS after first poll, ${label}`,
        value: 'skipped',
        spread: '',
        note: noBus
      })
      continue
    }
    const mbs: number[] = []
    let cached = 0
    for (let i = 0; i < RSS_RUNS; i++) {
      const session = bus ? await desktopBus() : undefined
      try {
        const r = await rssAfterFirstPoll(programs, session?.env, settings)
        mbs.push(r.mb)
        cached = r.cached
      } finally {
        session?.close()
      }
    }
    const met = mbs.filter((m) => m <= RSS_GOAL_MB).length
    const note = `${cached} programs cached; goal ≤ ${RSS_GOAL_MB} MB: met in ${met} of ${RSS_RUNS}`
    rows.push(row('daemon', `onair run RSS after first poll, ${label}`, mbs, 1, ' MB', note))
  }
  return rows
}

async function pollRows(): Promise<Row[]> {
  const runs: PollSample[][] = []
  const quiet: PollSample[][] = []
  const noFlags: PollSample[][] = []
  const buildDir = scratchDir('onair-bench-polls-')
  try {
    const pollChild = await buildPollChild(buildDir)
    for (let i = 0; i < POLL_RUNS; i++) {
      runs.push(await hundredPolls(pollChild, DAEMON_V8_FLAGS))
      quiet.push(await hundredPolls(pollChild, DAEMON_V8_FLAGS, QUIET_IN_TOKYO))
      noFlags.push(await hundredPolls(pollChild, []))
    }
  } finally {
    rmSync(buildDir, { recursive: true, force: true })
  }
  const growth = (key: 'rss' | 'heap', of = runs) => of.map((r) => mb(r.at(-1)![key] - r[0]![key]))
  // Polls 2 to 100: the first one's CPU is the daemon's start.
  const cpuPerPoll = (of: PollSample[][]) => of.map((r) => (r.at(-1)!.cpu - r[0]!.cpu) / (r.at(-1)!.poll - 1))
  const atPoll1 = (of: PollSample[][], key: 'rss' | 'heap') => `${median(of.map((r) => mb(r[0]![key]))).toFixed(1)} MB`
  const rssCurve = (of: PollSample[][]) => of[0]!.map((s) => mb(s.rss).toFixed(1)).join(' / ')
  const hundred = '100 polls of 1,000 programs'
  return [
    row(
      'daemon',
      `${hundred}, quiet hours on in Asia/Tokyo: RSS growth, poll 1 → 100`,
      growth('rss', quiet),
      1,
      ' MB',
      `RSS at poll 1 / 10 / 25 / 50 / 100 (first run, built): ${rssCurve(quiet)} MB`
    ),
    row(
      'daemon',
      "one poll of 1,000 programs: CPU time with the daemon's V8 flags",
      cpuPerPoll(runs),
      0,
      ' ms',
      `mean of polls 2-100, ${POLL_RUNS} runs; RSS at poll 1 ${atPoll1(runs, 'rss')}`
    ),
    row(
      'daemon',
      "one poll of 1,000 programs: CPU time without the daemon's V8 flags",
      cpuPerPoll(noFlags),
      0,
      ' ms',
      `the same; RSS at poll 1 ${atPoll1(noFlags, 'rss')}, growth poll 1 → 100 ${median(growth('rss', noFlags)).toFixed(1)} MB`
    ),
    row(
      'daemon',
      `${hundred}: RSS growth, poll 1 → 100`,
      growth('rss'),
      1,
      ' MB',
      `${POLL_RUNS} runs; RSS at poll 1 / 10 / 25 / 50 / 100 (first run, built): ${rssCurve(runs)} MB`
    ),
    row(
      'daemon',
      `${hundred}: heap growth after GC, poll 1 → 100`,
      growth('heap'),
      1,
      ' MB',
      `heap at poll 1: ${atPoll1(runs, 'heap')}`
    )
  ]
}

async function idleRow(): Promise<Row> {
  const idle = await idleCpu()
  return {
    bench: 'daemon',
    metric: `idle daemon: CPU time over ${idle.minutes.toFixed(0)} min`,
    value: `${idle.ms} ms`,
    spread: 'one run',
    note: `${((idle.ms / (idle.minutes * 60_000)) * 100).toFixed(3)} % of one core; /proc ticks of 10 ms`
  }
}

const bench: Bench = {
  name: 'daemon',
  async run() {
    await build({ configFile: join(root, 'cli.vite.config.ts'), logLevel: 'warn' })
    return [
      ...(wanted('rss') ? await rssRows() : []),
      ...(wanted('polls') ? await pollRows() : []),
      ...(wanted('idle') ? [await idleRow()] : [])
    ]
  }
}

export default bench
