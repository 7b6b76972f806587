import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { build } from 'vite'
import { BENCH_WORK_ID } from '../test/emulator/index'
import { BIN, root, signedInFolder, sleep, spawnUntil, type Folder } from './onair-daemon'
import { row, type Bench } from './stats'

/**
 * A restarted `onair run` (the built CLI) and the reminder that fell due while no daemon ran: from
 * the daemon's spawn to its reminder's `firedAt`, the soak's "across a restart" measure, and to its
 * line, with a bare Node beside it in each round (spawn to its first line); the goal is that line
 * within 4× the bare Node's, round by round. Each round saves a schedule
 * with one program more (`onair upcoming` polls the emulator and saves the schedule in the database, as a daemon
 * would), waits until that program's reminder has been due for 1.5 s, then starts the daemon and
 * stops it (SIGINT) once the reminder is out. `RESTART_ROUNDS` rounds (default 9).
 */
const ROUNDS = Number(process.env.RESTART_ROUNDS ?? 9)
/** How long the reminder has been due when the daemon is started. */
const DUE_BEFORE_MS = 1500
/** A reminder already late waits at most this many bare Node starts for its line. */
const GOAL = 4

function run(cmd: string[], env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, cmd, { env, stdio: 'ignore' })
  return new Promise((res, rej) => child.on('close', (code) => (code === 0 ? res() : rej(new Error(`${cmd} ${code}`)))))
}

/** One restart: spawn to the reminder's firedAt (and to its line), and a bare Node's spawn to its first line. */
async function round(folder: Folder): Promise<{ fired: number; line: number; bare: number }> {
  const due = Math.ceil((Date.now() + 1500) / 1000) * 1000
  folder.emu.seedPrograms(1, { startFrom: due })
  const programId = Math.max(...folder.emu.media.programs.map((p) => p.id))
  await run([BIN, 'upcoming'], folder.env)
  await sleep(due + DUE_BEFORE_MS - Date.now())
  const bare = spawnUntil(['-e', 'console.log(0)'], folder.env, () => true)
  const bareMs = (await bare.found).lineMs
  await bare.stop()
  const daemon = spawnUntil([BIN, 'run', '--json'], folder.env, (line) => {
    const o = JSON.parse(line) as { type?: string; programId?: number; firedAt?: string }
    return o.type === 'reminder' && o.programId === programId ? Date.parse(o.firedAt!) : undefined
  })
  try {
    const { value: firedAt, lineMs } = await daemon.found
    return { fired: firedAt - daemon.spawnedAt, line: lineMs, bare: bareMs }
  } finally {
    await daemon.stop()
  }
}

const bench: Bench = {
  name: 'restart',
  async run() {
    await build({ configFile: join(root, 'cli.vite.config.ts'), logLevel: 'warn' })
    // Reminders of the seeded work only, at the start, no premieres: one line to wait for per round.
    const folder = await signedInFolder(0, {
      version: 1,
      reminders: { leadMinutes: [0], mode: 'only-picked', pickedWorkIds: [BENCH_WORK_ID], premiere: false }
    })
    try {
      // Disk caches warm, and the folder's heartbeat set, as after any earlier daemon.
      await round(folder)
      const rounds: Awaited<ReturnType<typeof round>>[] = []
      for (let i = 0; i < ROUNDS; i++) rounds.push(await round(folder))
      const ratios = rounds.map((r) => r.line / r.bare)
      const ms = (metric: string, key: keyof (typeof rounds)[number], note: string) => {
        const values = rounds.map((r) => r[key])
        return row('restart', metric, values, 0, ' ms', `${note}; rounds: ${values.join(', ')}`)
      }
      const met = `goal ≤ ${GOAL}×: met in ${ratios.filter((r) => r <= GOAL).length} of ${ROUNDS} rounds`
      return [
        ms('bare `node -e`: spawn → first line', 'bare', 'the same rounds'),
        ms('`onair run`: spawn → firedAt of the reminder due 1.5 s before', 'fired', 'the soak’s "across a restart"'),
        ms('`onair run`: spawn → that reminder’s line read', 'line', 'as a reader of stdout sees it'),
        row('restart', 'that line ÷ bare Node’s first line', ratios, 2, '×', met)
      ]
    } finally {
      await folder.close()
    }
  }
}

export default bench
