import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { build } from 'vite'
import { startEmulator } from '../test/emulator/index'
import { summarise, type Bench, type Row } from './stats'

/**
 * The built `onair` (out/cli/onair.mjs, built fresh here) as users run it:
 * - start: `onair --help` against a bare `node -e 0`, interleaved in the same run, as a ratio
 *   per pair (goal: within 3×);
 * - memory: the resident set of `onair run` once its first poll is in (goal: ≤ 80 MB), with the
 *   emulator's sample schedule and with 1,000 programs in the window (all cached by that poll).
 */
const START_PAIRS = 15
const RSS_RUNS = 3
const root = resolve(import.meta.dirname, '..')
const BIN = join(root, 'out/cli/onair.mjs')

function wallMs(args: string[]): number {
  const t = performance.now()
  const r = spawnSync(process.execPath, args, { stdio: 'ignore' })
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}`)
  return performance.now() - t
}

/** Resident set in MB of a running process, from /proc on Linux, else ps. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    if (kb) return Number(kb) / 1024
  } catch {
    // not Linux
  }
  return Number(spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim()) / 1024
}

async function runRss(programs: number): Promise<{ mb: number; cached: number }> {
  const emu = await startEmulator({ port: 0 })
  if (programs > 0) emu.seedPrograms(programs, { startFrom: Date.now() + 60_000, spacingMinutes: (47 * 60) / programs })
  const dir = mkdtempSync(join(tmpdir(), 'onair-bench-cli-'))
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    ONAIR_DATA_DIR: join(dir, 'data'),
    ONAIR_MEDIA_URL: emu.baseUrl,
    ONAIR_CLIENT_ID: emu.client.id,
    ONAIR_CLIENT_SECRET: emu.client.secret
  }
  // Not spawnSync: the emulator answering the sign-in runs in this process.
  const signIn = spawn(process.execPath, [BIN, 'sign-in', '--token', emu.tokens.readWrite], { env, stdio: 'ignore' })
  if ((await new Promise((res) => signIn.on('close', res))) !== 0) throw new Error('sign-in failed')
  const child = spawn(process.execPath, [BIN, 'run', '--json'], { env, stdio: ['ignore', 'pipe', 'ignore'] })
  try {
    const poll = await new Promise<Record<string, unknown>>((res, rej) => {
      child.on('exit', (code) => rej(new Error(`onair run exited ${code} before its first poll`)))
      createInterface({ input: child.stdout }).on('line', (line) => {
        const parsed = JSON.parse(line) as Record<string, unknown>
        if (parsed.type === 'poll') res(parsed)
      })
    })
    // A moment for what the poll started (plan, timers, file writes) to settle.
    await new Promise((res) => setTimeout(res, 500))
    return { mb: rssMb(child.pid!), cached: poll.programs as number }
  } finally {
    child.kill('SIGINT')
    await new Promise((res) => child.on('close', res))
    await emu.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const bench: Bench = {
  name: 'cli',
  async run() {
    await build({ configFile: join(root, 'cli.vite.config.ts'), logLevel: 'warn' })
    const bare: number[] = []
    const help: number[] = []
    const ratios: number[] = []
    wallMs(['-e', '0'])
    wallMs([BIN, '--help'])
    for (let i = 0; i < START_PAIRS; i++) {
      const b = wallMs(['-e', '0'])
      const h = wallMs([BIN, '--help'])
      bare.push(b)
      help.push(h)
      ratios.push(h / b)
    }
    const met = ratios.filter((r) => r <= 3).length
    const rows: Row[] = [
      { bench: 'cli', metric: 'node -e 0 (wall)', ...summarise(bare, 0, ' ms'), note: `${START_PAIRS} runs` },
      { bench: 'cli', metric: 'onair --help (wall)', ...summarise(help, 0, ' ms'), note: 'built CLI, same runs' },
      {
        bench: 'cli',
        metric: 'onair --help ÷ node -e 0',
        ...summarise(ratios, 2, '×'),
        note: `goal ≤ 3×: met in ${met} of ${START_PAIRS} pairs`
      }
    ]
    for (const programs of [0, 1000]) {
      const mbs: number[] = []
      let cached = 0
      for (let i = 0; i < RSS_RUNS; i++) {
        const r = await runRss(programs)
        mbs.push(r.mb)
        cached = r.cached
      }
      const label = programs ? '1,000 programs' : 'sample schedule'
      rows.push({
        bench: 'cli',
        metric: `onair run RSS after first poll, ${label}`,
        ...summarise(mbs, 1, ' MB'),
        note: `${cached} programs cached; goal ≤ 80 MB: met in ${mbs.filter((m) => m <= 80).length} of ${RSS_RUNS}`
      })
    }
    return rows
  }
}

export default bench
