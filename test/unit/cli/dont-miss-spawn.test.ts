import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { systemClock } from '../../../src/main/core/clock'
import { reminderKey } from '../../../src/main/core/reminders/slots'
import { HistoryEntrySchema } from '../../../src/shared/reminder-history'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { tempDir } from '../../support/temp-dir'
import { reminderServiceFor } from '../../support/reminder-service'
import { signedInEnv } from '../../support/signed-in-env'
import { runCliProcess, spawnCli } from './spawn-cli'

/**
 * "Don't let me miss it" as a user sets it and meets it on the command line: `onair config` marks
 * the work, a real `onair run` repeats its reminder 5 minutes after the start, once, also across a
 * restart; an act written by another process (the app) stops it. The seed's soon program started
 * almost 5 minutes ago: its 1-minute reminder is shown late at the daemon's start (within the
 * grace period) and the repeat at start + 5 min falls due seconds later.
 */
const MIN = 60_000
/** The episode the seed's soon program airs. */
const SOON_EPISODE_ID = 106
const isSoon = (type: string) => (l: string) =>
  l.includes(`"type":"${type}"`) && l.includes(`"programId":${SOON_PROGRAM_ID}`)

async function setup(repeatInMs: number) {
  const emu = await startEmulator({ port: 0, soonSeconds: -(5 * MIN - repeatInMs) / 1000 })
  const dataDir = join(tempDir('onair-dontmiss-'), 'data')
  const env = await signedInEnv(emu, dataDir)
  const set = await runCliProcess(['config', 'set', 'reminders.dontMissWorkIds', '1'], env)
  expect(set.code).toBe(0)
  expect((await runCliProcess(['config', 'get', 'reminders.dontMissWorkIds'], env)).stdout).toEqual(['[1]'])
  return { emu, env, dataDir }
}

describe('`onair config set reminders.dontMissWorkIds` and a real `onair run`', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('repeats the reminder 5 min after the start, once, across a restart; `onair reminders` says so in both languages', async () => {
    const t = await setup(4_000)
    emu = t.emu
    const first = spawnCli(['run', '--json', '--lead', '1'], t.env)
    try {
      await first.line(isSoon('reminder'))
      const repeat = JSON.parse(await first.line(isSoon('repeat'), 15_000)) as Record<string, unknown>
      expect(repeat).toMatchObject({ type: 'repeat', repeat: 2, offsetMinutes: -5 })
    } finally {
      first.child.kill('SIGINT')
      expect(await first.code).toBe(0)
    }
    // A restart owes nothing: the reminder and its repeat are in the ledger.
    const second = spawnCli(['run', '--json', '--lead', '1'], t.env)
    try {
      await second.line((l) => l.includes('"type":"poll"'))
      await new Promise((r) => setTimeout(r, 1_000))
      expect(second.stdout.filter((l) => isSoon('reminder')(l) || isSoon('repeat')(l))).toEqual([])
    } finally {
      second.child.kill('SIGINT')
      expect(await second.code).toBe(0)
    }
    const json = await runCliProcess(['reminders', '--json'], t.env)
    const entries = HistoryEntrySchema.array().parse(JSON.parse(json.stdout[0]!).entries)
    const soon = entries.filter((e) => e.reminders.some((r) => r.program.id === SOON_PROGRAM_ID))
    expect(soon.map((e) => e.outcome)).toEqual(['delivered', 'again'])
    const en = await runCliProcess(['reminders'], t.env)
    expect(en.stdout.find((l) => l.includes('Shown again'))).toMatch(/Shown again \(not acted on\): .*Starlit Courier/)
    const ja = await runCliProcess(['reminders'], { ...t.env, LANG: 'ja_JP.UTF-8' })
    expect(ja.stdout.find((l) => l.includes('再通知（未対応のため）'))).toContain('Starlit Courier')
  }, 45_000)

  /** Who acts, after the reminder was shown and before its repeat: the act is another process's. */
  const acts = {
    'a click on the reminder in the app': async (t: Awaited<ReturnType<typeof setup>>, startedAt: string) => {
      // The app standing by beside the daemon: the notification was clicked there.
      const app = reminderServiceFor({ clock: systemClock, dataDir: t.dataDir }).service
      const key = reminderKey(SOON_PROGRAM_ID, startedAt, 1)
      app.actedOn({ key, programId: SOON_PROGRAM_ID, startedAt, offsetMinutes: 1 }, 'opened')
    },
    // Not on the reminder at all: the episode recorded watched in a terminal, through the folder's outbox.
    '`onair record` of the episode': async (t: Awaited<ReturnType<typeof setup>>) => {
      const recorded = await runCliProcess(['record', String(SOON_EPISODE_ID), '--no-wait'], t.env)
      expect(recorded.code).toBe(0)
    }
  }

  it.each(Object.entries(acts))(
    '%s (another process) stops the repeat',
    async (_, act) => {
      const t = await setup(6_000)
      emu = t.emu
      const daemon = spawnCli(['run', '--json', '--lead', '1'], t.env)
      try {
        const shown = JSON.parse(await daemon.line(isSoon('reminder'))) as { startedAt: string }
        await act(t, shown.startedAt)
        // Past the moment of the repeat, with a margin for a busy machine: no repeat came.
        const repeatAt = Date.parse(shown.startedAt) + 5 * MIN
        await new Promise((r) => setTimeout(r, Math.max(0, repeatAt + 3_000 - Date.now())))
        expect(daemon.stdout.filter(isSoon('repeat'))).toEqual([])
      } finally {
        daemon.child.kill('SIGINT')
        expect(await daemon.code).toBe(0)
      }
    },
    45_000
  )
})
