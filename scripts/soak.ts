import { writeFileSync } from 'node:fs'
import { BENCH_WORK_ID, startEmulator, USER_ID } from '../test/emulator/index'
import { createDriver } from './soak/cli'
import { soakFolder } from './soak/data-folder'
import { saveSettings } from '../test/support/saved-settings'
import { expectedPremieres, expectedRepeats, tallyPremieres, tallyRepeats } from './soak/notices'
import { runPhases, type PhaseContext } from './soak/phases'
import {
  expectedReminders,
  failedChecks,
  soakChecks,
  formatTable,
  tallyReminders,
  tallyConfirmations,
  tallyRecords,
  type LeftEntry,
  type SoakResult
} from './soak/tally'

/**
 * `npm run soak [-- --minutes N] [--json-out FILE] [--quiet]`: the real command line, many
 * processes on one data folder, against the emulator with faults. Default 3 minutes.
 * Prints one table (reminders fired, missed, duplicated, lateness; "don't let me miss it" repeats
 * and premieres expected, shown, missed, duplicated, unexpected; records attempted, created,
 * lost, doubled, left needing confirmation; commands that hung) and exits 1 when any of those is
 * not zero (needing confirmation: where the service's state could decide; see tally.ts).
 */
const args = process.argv.slice(2)
const flag = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const minutes = Number(flag('--minutes') ?? 3)
if (!(minutes >= 1)) throw new Error('--minutes takes a number of at least 1')
const jsonOut = flag('--json-out')
const D = minutes * 60_000
const LEADS = [1, 0]
const REMINDER_PROGRAMS = 20
const REPEAT_PROGRAMS = 10
const RECORD_EPISODES = 60

const emu = await startEmulator({ port: 0, rateLimit: true })
const T0 = Math.ceil(Date.now() / 1000) * 1000
// Reminder programs: the 1-minute reminders spread over the run from 15 s in; each start a minute later.
const step = Math.max(1000, Math.floor((D - 25_000) / (REMINDER_PROGRAMS - 1) / 1000) * 1000)
emu.seedPrograms(REMINDER_PROGRAMS, { startFrom: T0 + 15_000 + 60_000, spacingMinutes: step / 60_000 })
const seeded = (from: number, to: number) =>
  emu.media.programs
    .filter((p) => p.id > 100_000 + from && p.id <= 100_000 + to)
    .map((p) => ({ programId: p.id, startedAt: p.startedAt }))
const programs = seeded(0, REMINDER_PROGRAMS)
// "Don't let me miss it" (the seeded work is one): programs that started almost 5 minutes before
// the run, so their reminders are shown late by the first daemon and each repeat, 5 min after a
// start, falls due during the run, through its restarts and faults. Nobody acts on them.
const repeatStep = Math.max(1000, Math.floor((D - 25_000) / (REPEAT_PROGRAMS - 1) / 1000) * 1000)
emu.seedPrograms(REPEAT_PROGRAMS, { startFrom: T0 + 20_000 - 5 * 60_000, spacingMinutes: repeatStep / 60_000 })
const repeatPrograms = seeded(REMINDER_PROGRAMS, REMINDER_PROGRAMS + REPEAT_PROGRAMS)
// Record episodes: programs hours away, so recording them never takes a reminder program off the schedule.
emu.seedPrograms(RECORD_EPISODES, { startFrom: T0 + 6 * 3_600_000, spacingMinutes: 30 })
const recordPrograms = emu.media.programs.filter((p) => p.id > 100_000 + REMINDER_PROGRAMS + REPEAT_PROGRAMS)
// Premieres: the seeded work's first episode starts during the run, and the seed's own works have
// first episodes ahead; each announced once by whichever daemon, and none of anything else.
const premiereWorks = expectedPremieres(
  emu.media.programs.map((p) => ({
    workId: p.workId,
    startedAt: p.startedAt,
    isRebroadcast: p.isRebroadcast,
    episode: p.episodeId === null ? null : (emu.media.episode(p.episodeId)?.number ?? null),
    onSchedule: ['watching', 'wanna_watch'].includes(emu.media.statusOf(USER_ID, p.workId) ?? '')
  })),
  T0
)

const folder = soakFolder()
const { dataDir } = folder
// Every way out (a failed check, a crash) but a clean run keeps the data folder, and says where.
process.once('exit', (code) => {
  const kept = folder.finish(code !== 0)
  if (kept) process.stdout.write(`data folder kept: ${kept}\n`)
})
saveSettings(dataDir, {
  version: 1,
  reminders: { leadMinutes: LEADS, graceMinutes: 15, dontMissWorkIds: [BENCH_WORK_ID] }
})
const env = {
  ONAIR_DATA_DIR: dataDir,
  ONAIR_MEDIA_URL: emu.baseUrl,
  ONAIR_CLIENT_ID: emu.client.id,
  ONAIR_CLIENT_SECRET: emu.client.secret
}
// A command that never returns is killed after this long and reported as hung.
const commandLimitMs = Math.min(90_000, Math.max(30_000, D / 4))
const cli = createDriver(env, { started: T0, commandLimitMs, verbose: !args.includes('--quiet') })
const pending: Promise<unknown>[] = []
const later = <T>(p: Promise<T>) => (pending.push(p), p)
const attempted: number[] = []

const ctx: PhaseContext = {
  emu,
  cli,
  durationMs: D,
  started: T0,
  /** A fresh episode each time; every other one names its program, as the app does. */
  record(killWhen) {
    const p = recordPrograms[attempted.length % recordPrograms.length]!
    attempted.push(p.episodeId!)
    const withProgram = attempted.length % 2 === 0 ? ['--program', String(p.id)] : []
    return later(cli.command(['record', String(p.episodeId), '--no-wait', ...withProgram], killWhen?.(p.episodeId!)))
  },
  command: (a) => later(cli.command(a))
}

// The emulator's token in a throwaway folder: kept in the plain file, so the soak runs without a credential store.
if ((await cli.command(['sign-in', '--insecure-storage', '--token', emu.tokens.readWrite])).code !== 0)
  throw new Error('sign-in failed')
const daemons = await runPhases(ctx)
await Promise.allSettled(pending)
// Where each lost record went: still in the outbox (in which state, why), or gone from it.
const left = JSON.parse((await cli.command(['outbox', '--json'])).stdout || '[]') as Array<
  LeftEntry & { attempts: number; reason?: { en: string } }
>
const recorded = new Set(emu.media.records.filter((r) => r.userId === USER_ID).map((r) => r.episodeId))
for (const episode of attempted.filter((e) => !recorded.has(e))) {
  const e = left.find((x) => x.episodeId === episode)
  cli.log(
    `lost: episode ${episode}: ${e ? `${e.state} after ${e.attempts} attempts${e.reason ? ` (${e.reason.en})` : ''}` : 'not in the outbox'}`
  )
}
const ended = Date.now()
await Promise.all(daemons.map((d) => d.stop('SIGINT')))
await emu.close()

// Every reminder due while the run lasted, but for the last two seconds (a line may be on its way).
const expected = expectedReminders(programs, LEADS, { from: T0, to: ended - 2000 })
const dontMiss = [...programs, ...repeatPrograms]
const repeats = expectedRepeats(dontMiss, LEADS, { from: T0, to: ended - 2000 })
const result: SoakResult = {
  minutes,
  reminders: tallyReminders(programs, expected, cli.reminderLines(), cli.restarts()),
  repeats: tallyRepeats(dontMiss, repeats, cli.reminderLines()),
  premieres: tallyPremieres(premiereWorks, cli.reminderLines()),
  records: tallyRecords(
    attempted,
    emu.media.records.filter((r) => r.userId === USER_ID).map((r) => r.episodeId)
  ),
  confirmations: tallyConfirmations(attempted, left),
  hung: cli.hung()
}
const failed = failedChecks(result)
process.stdout.write(`${formatTable(result)}\n`)
for (const h of cli.hung()) process.stdout.write(`hung (killed after ${commandLimitMs / 1000} s): onair ${h}\n`)
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ ...result, failed, checks: soakChecks(result).length }, null, 2))
process.stdout.write(
  failed.length
    ? `FAILED: ${failed.join(', ')}\n`
    : 'ok: nothing missed, duplicated, unexpected, lost, doubled, hung or needing confirmation\n'
)
process.exit(failed.length ? 1 : 0)
