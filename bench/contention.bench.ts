import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { scratchDir } from '../test/support/temp-dir'
import { root } from './onair-daemon'
import { quantile, row, type Bench, type Row } from './stats'

/**
 * Four processes on one data folder (the app's code path and three commands) each make `TX`
 * transactions on the reminders' ledger, claiming the same keys, while four busy loops load the
 * CPU; `ROUNDS` rounds. Every key must end up claimed by exactly one process (0 doubled) and be in
 * the ledger (0 lost). Figures: transactions per second (all four together) and the p99 time of one
 * transaction, lock wait included. With `CONTENTION_BASELINE=<checkout>` the same run is made on
 * that checkout's store too, side by side.
 */
const ROUNDS = Number(process.env.CONTENTION_ROUNDS ?? 20)
const TX = Number(process.env.CONTENTION_TX ?? 1000)
const CHILD = resolve(import.meta.dirname, 'children/contend.ts')
const FACES = ['app', 'cli', 'cli', 'cli'] as const

interface Outcome {
  won: number[]
  waits: number[]
}

/** Where the checkout keeps the reminders' ledger (the baseline's layout had it under schedule/). */
const ledgerModule = (checkout: string): string =>
  ['reminders', 'schedule'].map((dir) => join(checkout, `src/main/core/${dir}/files.ts`)).find((f) => existsSync(f))!

function child(
  checkout: string,
  dataDir: string,
  face: string
): { proc: ChildProcess; ready: Promise<void>; done: Promise<Outcome> } {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, checkout, ledgerModule(checkout), dataDir, face, String(TX)],
    {
      stdio: ['pipe', 'pipe', 'inherit']
    }
  )
  let out = ''
  let ready!: () => void
  const readyP = new Promise<void>((res) => (ready = res))
  const done = new Promise<Outcome>((res, rej) => {
    proc.stdout!.on('data', (b: Buffer) => {
      out += b.toString()
      if (out.includes('ready\n')) ready()
    })
    proc.on('close', (code) => {
      const last = out.trim().split('\n').pop()!
      if (code === 0) res(JSON.parse(last) as Outcome)
      else rej(new Error(`contend.ts exited ${code}`))
    })
  })
  return { proc, ready: readyP, done }
}

interface Round {
  tps: number
  p99: number
  lost: number
  doubled: number
}

async function round(checkout: string): Promise<Round> {
  const dir = scratchDir('onair-contention-')
  const loops = FACES.map(() => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }))
  try {
    const children = FACES.map((face) => child(checkout, dir, face))
    await Promise.all(children.map((c) => c.ready))
    const t = performance.now()
    for (const c of children) c.proc.stdin!.end('go\n')
    const outcomes = await Promise.all(children.map((c) => c.done))
    const wall = performance.now() - t
    const won = outcomes.flatMap((o) => o.won)
    const { ledgerFile } = (await import(ledgerModule(checkout))) as {
      ledgerFile: (d: string) => { delivered(): { has(k: string): boolean } }
    }
    const ledger = ledgerFile(dir).delivered()
    return {
      tps: (FACES.length * TX) / (wall / 1000),
      p99: quantile(
        outcomes.flatMap((o) => o.waits),
        0.99
      ),
      lost: Array.from({ length: TX }, (_, i) => i).filter((i) => !ledger.has(`shared:${i}`)).length,
      doubled: won.length - new Set(won).size
    }
  } finally {
    for (const l of loops) l.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
}

async function measure(label: string, checkout: string): Promise<Row[]> {
  const rounds: Round[] = []
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round(checkout))
  const sum = (k: 'lost' | 'doubled') => rounds.reduce((s, r) => s + r[k], 0)
  const note = `${ROUNDS} rounds × 4 processes × ${TX} transactions, 4 busy loops; lost ${sum('lost')}, doubled ${sum('doubled')}`
  return [
    row(
      'contention',
      `${label}: transactions/s`,
      rounds.map((r) => r.tps),
      0,
      '',
      note
    ),
    row(
      'contention',
      `${label}: p99 transaction (lock wait included)`,
      rounds.map((r) => r.p99),
      1,
      ' ms',
      note
    )
  ]
}

const bench: Bench = {
  name: 'contention',
  async run() {
    const rows = await measure('SQLite store', root)
    const baseline = process.env.CONTENTION_BASELINE
    if (baseline) rows.push(...(await measure('baseline store', resolve(baseline))))
    return rows
  }
}
export default bench
