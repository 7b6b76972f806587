import type { Emulator } from '../../test/emulator/index'
import type { Daemon, Driver } from './cli'

/**
 * What the soak does, phase after phase: parallel records, the service's faults, daemon
 * restarts by SIGINT and SIGKILL, a minute offline, records killed mid-request, `outbox retry`
 * beside a daemon, two daemons on one folder, then a drain. Each phase starts at its share of the run at the earliest and lasts at
 * least its own length, so a slow start on a busy machine stretches the run instead of squeezing
 * a phase to nothing. Each phase ends by clearing its faults.
 */
export interface PhaseContext {
  emu: Emulator
  cli: Driver
  /** Nominal length of the run, ms. */
  durationMs: number
  started: number
  /**
   * Records a fresh episode (`onair record --no-wait`); resolves when the command ended. With
   * `killWhen`, the command is killed (SIGKILL) when the promise it returns for the command's
   * episode resolves.
   */
  record(killWhen?: (episodeId: number) => Promise<unknown>): Promise<unknown>
  /** Any other command, awaited at the end of the run. */
  command(args: string[]): Promise<{ code: number; stdout: string }>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const records = (ctx: PhaseContext, n: number) => Promise.all(Array.from({ length: n }, () => ctx.record()))

/** Runs every phase; resolves with the daemons started, the last one still serving. */
export async function runPhases(ctx: PhaseContext): Promise<Daemon[]> {
  const { emu, cli } = ctx
  const D = ctx.durationMs
  const daemons: Daemon[] = []
  const daemon = (name: string) => {
    const d = cli.daemon(name)
    daemons.push(d)
    return d
  }
  const phase = async (at: number, name: string, minMs: number, body: () => Promise<unknown>) => {
    const wait = ctx.started + at * D - Date.now()
    if (wait > 0) await sleep(wait)
    const begun = Date.now()
    cli.log(name)
    await body()
    await sleep(Math.max(0, begun + minMs - Date.now()))
    emu.faults.clear()
  }
  const posts = { method: 'POST', path: '/v1/me/records' } as const
  // Longer runs send more records through each fault (the five parallel ones stay five).
  const k = Math.max(1, Math.round(D / 180_000))
  const polls = { method: 'GET', path: '/v1/me/programs' } as const

  let main = daemon('daemon A')
  await main.serving
  await phase(0.06, 'five parallel records on one folder', 0.05 * D, async () => void records(ctx, 5))
  await phase(0.12, '500s on POST /v1/me/records', 0.04 * D, async () => {
    emu.faults.inject({ ...posts, kind: 'status', status: 500, times: 2 * k })
    void records(ctx, 2 * k)
  })
  await phase(0.17, 'a reset, and a reset after commit', 0.04 * D, async () => {
    emu.faults.inject({ ...posts, kind: 'reset', times: k })
    emu.faults.inject({ ...posts, kind: 'reset-after-commit', times: k })
    void records(ctx, 2 * k)
  })
  await phase(0.22, 'daemon restart by SIGINT', 0, async () => {
    await main.stop('SIGINT')
    main = daemon('daemon A2')
  })
  await phase(0.25, '3 s latency on every request', Math.max(8000, 0.05 * D), async () => {
    emu.faults.inject({ path: '/v1', kind: 'latency', ms: 3000 })
    void records(ctx, k)
    void ctx.command(['upcoming', '--json'])
  })
  await phase(0.31, 'malformed JSON on the poll and on a record', 0.04 * D, async () => {
    emu.faults.inject({ ...polls, kind: 'malformed-json', times: 2 })
    emu.faults.inject({ ...posts, kind: 'malformed-json', times: k })
    void records(ctx, k)
    void ctx.command(['upcoming'])
  })
  await phase(0.36, 'daemon killed (SIGKILL), restarted, killed again within a second of its start', 0, async () => {
    await main.stop('SIGKILL')
    const short = daemon('daemon A3')
    // Just after its first poll, while it plans and sends.
    await short.serving
    await sleep(300)
    await short.stop('SIGKILL')
    main = daemon('daemon A4')
  })
  const offlineMs = Math.min(60_000, D / 6)
  await phase(0.4, `offline for ${offlineMs / 1000} s`, 0, async () => {
    await emu.suspend()
    void records(ctx, 2 * k)
    void ctx.command(['upcoming'])
    await sleep(offlineMs)
    await emu.resume()
  })
  await phase(0.57, 'records killed (SIGKILL) mid-request, after the service stored them', 0.03 * D, async () => {
    for (let i = 0; i < k; i++) {
      let committed: (answer: string | undefined) => void = () => {}
      // The answer never comes; the command dies with the record saved: whoever
      // takes the entry over must settle it as sent, without asking the user.
      emu.faults.inject({ ...posts, kind: 'hang-after-commit', times: 1, committed: (a) => committed(a) })
      // Killed only once the service stored THIS command's record. A record queued by an earlier
      // phase, sent by the daemon, may take the fault first; killing the command then could stop
      // it before its entry reached the outbox: a record nobody was told was saved, counted lost.
      await ctx.record(
        (episodeId) =>
          new Promise<void>((resolve) => {
            committed = (answer) => {
              if (episodeOfAnswer(answer) === episodeId) resolve()
            }
          })
      )
    }
  })
  await phase(0.62, 'a failed record retried by hand while the daemon runs', 0.05 * D, async () => {
    emu.faults.inject({ ...posts, kind: 'status', status: 429, times: 1 })
    await ctx.record()
    await retryFailed(ctx)
  })
  await phase(0.68, 'a second daemon on the same folder', Math.max(10_000, 0.1 * D), async () => {
    const second = daemon('daemon B')
    await sleep(Math.max(10_000, 0.1 * D))
    await second.stop('SIGINT')
  })
  await phase(0.8, '429s on the poll while commands run', 0.04 * D, async () => {
    emu.faults.inject({ ...polls, kind: 'status', status: 429, times: 3 })
    void records(ctx, k)
    void ctx.command(['upcoming', '--json'])
    void ctx.command(['works'])
  })
  const drainEnd = Math.max(ctx.started + D, Date.now() + 30_000)
  await phase(0.85, 'drain: the outbox empties by itself or by `onair outbox retry`', 0, async () => {
    while (Date.now() < drainEnd && (await retryFailed(ctx)) > 0) await sleep(3000)
    // The daemon serves the reminders due up to the end of the run in any case.
    await sleep(Math.max(0, ctx.started + D - Date.now()))
  })
  return daemons
}

/**
 * `onair outbox retry` for each entry that failed, as its message tells the user to; resolves to
 * how many entries are still on their way (needs-confirmation waits for the user: not counted).
 */
export async function retryFailed(ctx: PhaseContext): Promise<number> {
  const list = await ctx.command(['outbox', '--json'])
  if (list.code !== 0) return 1
  const entries = JSON.parse(list.stdout || '[]') as Array<{ id: string; state: string }>
  await Promise.all(entries.filter((e) => e.state === 'failed').map((e) => ctx.command(['outbox', 'retry', e.id])))
  return entries.filter((e) => e.state !== 'sent' && e.state !== 'needs-confirmation').length
}

/** The episode of a record the service created, from the answer it would have sent. */
function episodeOfAnswer(answer: string | undefined): number | undefined {
  try {
    const id = (JSON.parse(answer ?? '') as { episode?: { id?: unknown } | null }).episode?.id
    return typeof id === 'number' ? id : undefined
  } catch {
    return undefined
  }
}
