import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'
import { BIN, root, signedInFolder } from './onair-daemon'
import { row, type Bench } from './stats'

/**
 * How long the built `onair` (out/cli, built fresh here) takes to start, as a ratio to a bare
 * `node -e 0` started in the same round: each round runs the bare Node and then each command once,
 * so every ratio has its own baseline under the same load; the median ratio and its spread are
 * reported, with the rounds that met each command's goal (≤ 1.3× for `--help` and `--version`,
 * ≤ 2× for the commands that read and validate the data folder). The commands: `--help`, `--version`,
 * `config get reminders.leadMinutes`, and on a signed-in folder with a saved schedule
 * `upcoming --from-cache` (prints the saved schedule) and `upcoming` (polls the emulator, in this
 * process, once and prints the schedule: a request and a write the others do not make).
 *
 * Each start is also measured as CPU time (user + system of the whole process, written by a
 * preload as it exits; the bare Node gets the same preload), a ratio that the machine's load moves
 * far less than wall time: on the shared 2-core VM at load 15-18 the wall ratios spread 0.2-8x.
 */
const ROUNDS = Number(process.env.CLI_ROUNDS ?? 15)

/** What a start cost: wall time, and CPU time as the process itself counted it. */
interface Start {
  wall: number
  cpu: number
}

/** Writes the process's CPU time (ms) to fd 3 as it exits. */
const CPU_PRELOAD = `process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeSync(3, String((u.user + u.system) / 1000)) })`

function start(args: string[], env: Record<string, string>, preload: string): Promise<Start> {
  const t = performance.now()
  // Not spawnSync: the emulator answering `upcoming` runs in this process.
  const child = spawn(process.execPath, ['--require', preload, ...args], {
    env,
    stdio: ['ignore', 'ignore', 'ignore', 'pipe']
  })
  let cpu = ''
  child.stdio[3]!.on('data', (b: Buffer) => (cpu += b.toString()))
  return new Promise((res, rej) =>
    child.on('close', (code) =>
      code === 0
        ? res({ wall: performance.now() - t, cpu: Number(cpu) })
        : rej(new Error(`node ${args.join(' ')} exited ${code}`))
    )
  )
}

/** Each command with its goal (a ratio to the bare Node); the poll has none, it waits on the network. */
const COMMANDS: Array<[label: string, args: string[], goal?: number]> = [
  ['onair --help', ['--help'], 1.3],
  ['onair --version', ['--version'], 1.3],
  ['onair config get', ['config', 'get', 'reminders.leadMinutes'], 2],
  ['onair upcoming --from-cache', ['upcoming', '--from-cache'], 2],
  ['onair upcoming (polls)', ['upcoming']]
]

const bench: Bench = {
  name: 'cli',
  async run() {
    await build({ configFile: join(root, 'cli.vite.config.ts'), logLevel: 'warn' })
    const folder = await signedInFolder(0)
    try {
      const { env } = folder
      const preload = join(env.HOME!, 'cpu-time.cjs')
      writeFileSync(preload, CPU_PRELOAD)
      // The saved schedule `upcoming` replaces, and a first start of everything (disk caches).
      await start([BIN, 'upcoming'], env, preload)
      await start(['-e', '0'], env, preload)
      const bare: Start[] = []
      const starts = COMMANDS.map(() => [] as Start[])
      for (let i = 0; i < ROUNDS; i++) {
        bare.push(await start(['-e', '0'], env, preload))
        for (const [k, [, args]] of COMMANDS.entries()) starts[k]!.push(await start([BIN, ...args], env, preload))
      }
      const of = (s: Start[], key: keyof Start) => s.map((x) => x[key])
      const met = (ratios: number[], goal?: number) =>
        goal ? `goal ≤ ${goal}×: met in ${ratios.filter((r) => r <= goal).length} of ${ROUNDS} rounds` : 'no goal'
      const rows = [
        row('cli', 'node -e 0 (wall)', of(bare, 'wall'), 0, ' ms', `${ROUNDS} rounds`),
        row('cli', 'node -e 0 (CPU time)', of(bare, 'cpu'), 0, ' ms', 'same rounds')
      ]
      for (const [k, [label, , goal]] of COMMANDS.entries()) {
        const mine = starts[k]!
        const ratios = (key: keyof Start) => mine.map((s, i) => s[key] / bare[i]![key])
        rows.push(
          row('cli', `${label} (wall)`, of(mine, 'wall'), 0, ' ms', 'same rounds'),
          row('cli', `${label} ÷ node -e 0`, ratios('wall'), 2, '×', met(ratios('wall'), goal)),
          row('cli', `${label} ÷ node -e 0, CPU time`, ratios('cpu'), 2, '×', met(ratios('cpu'), goal))
        )
      }
      return rows
    } finally {
      await folder.close()
    }
  }
}

export default bench
