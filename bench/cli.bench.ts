import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { build } from 'vite'
import { BIN, root, signedInFolder } from './onair-daemon'
import { summarise, type Bench, type Row } from './stats'

/**
 * How long the built `onair` (out/cli, built fresh here) takes to start, as a ratio to a bare
 * `node -e 0` started in the same round: each round runs the bare Node and then each command once,
 * so every ratio has its own baseline under the same load; the median ratio and its spread are
 * reported, with the rounds that met the goal (≤ 1.3×). The commands: `--help`, `--version`,
 * `config get reminders.leadMinutes`, and on a signed-in folder with a saved schedule
 * `upcoming --from-cache` (prints the saved schedule) and `upcoming` (polls the emulator, in this
 * process, once and prints the schedule: a request and a write the others do not make).
 */
const ROUNDS = Number(process.env.CLI_ROUNDS ?? 15)
const GOAL = 1.3

function wallMs(args: string[], env: Record<string, string>): Promise<number> {
  const t = performance.now()
  // Not spawnSync: the emulator answering `upcoming` runs in this process.
  const child = spawn(process.execPath, args, { env, stdio: 'ignore' })
  return new Promise((res, rej) =>
    child.on('close', (code) =>
      code === 0 ? res(performance.now() - t) : rej(new Error(`node ${args.join(' ')} exited ${code}`))
    )
  )
}

const COMMANDS: Array<[label: string, args: string[]]> = [
  ['onair --help', ['--help']],
  ['onair --version', ['--version']],
  ['onair config get', ['config', 'get', 'reminders.leadMinutes']],
  ['onair upcoming --from-cache', ['upcoming', '--from-cache']],
  ['onair upcoming (polls)', ['upcoming']]
]

const bench: Bench = {
  name: 'cli',
  async run() {
    await build({ configFile: join(root, 'cli.vite.config.ts'), logLevel: 'warn' })
    const folder = await signedInFolder(0)
    try {
      const { env } = folder
      // The saved schedule `upcoming` replaces, and a first start of everything (disk caches).
      await wallMs([BIN, 'upcoming'], env)
      await wallMs(['-e', '0'], env)
      const bare: number[] = []
      const times = COMMANDS.map(() => [] as number[])
      const ratios = COMMANDS.map(() => [] as number[])
      for (let i = 0; i < ROUNDS; i++) {
        const b = await wallMs(['-e', '0'], env)
        bare.push(b)
        for (const [k, [, args]] of COMMANDS.entries()) {
          const t = await wallMs([BIN, ...args], env)
          times[k]!.push(t)
          ratios[k]!.push(t / b)
        }
      }
      const rows: Row[] = [
        { bench: 'cli', metric: 'node -e 0 (wall)', ...summarise(bare, 0, ' ms'), note: `${ROUNDS} rounds` }
      ]
      for (const [k, [label]] of COMMANDS.entries()) {
        const met = ratios[k]!.filter((r) => r <= GOAL).length
        rows.push(
          { bench: 'cli', metric: `${label} (wall)`, ...summarise(times[k]!, 0, ' ms'), note: 'same rounds' },
          {
            bench: 'cli',
            metric: `${label} ÷ node -e 0`,
            ...summarise(ratios[k]!, 2, '×'),
            note: `goal ≤ ${GOAL}×: met in ${met} of ${ROUNDS} rounds`
          }
        )
      }
      return rows
    } finally {
      await folder.close()
    }
  }
}

export default bench
