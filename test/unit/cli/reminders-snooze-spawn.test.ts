import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { HistoryEntrySchema } from '../../../src/shared/reminder-history'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { tempDir } from '../../support/temp-dir'
import { signedInEnv } from '../../support/signed-in-env'
import { runCliProcess, spawnCli } from './spawn-cli'
import { savedDocument } from '../../support/saved-documents'

const MIN = 60_000

describe('`onair reminders snooze` as a real process, beside a real `onair run` on the same folder', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('snoozes the newest reminder of a program for the chosen time, in the folder the daemon serves; bad input is refused', async () => {
    emu = await startEmulator({ port: 0, soonSeconds: 2 })
    const dataDir = join(tempDir('onair-snooze-cli-'), 'data')
    const env = await signedInEnv(emu, dataDir)
    const daemon = spawnCli(['run', '--json', '--lead', '0'], env)
    try {
      await daemon.line((l) => l.includes('"type":"reminder"') && l.includes(`"programId":${SOON_PROGRAM_ID}`))

      const before = Date.now()
      const snoozed = await runCliProcess(
        ['reminders', 'snooze', String(SOON_PROGRAM_ID), '--for', '30', '--json'],
        env
      )
      expect(snoozed.code).toBe(0)
      const said = JSON.parse(snoozed.stdout[0]!) as { key: string; until: string }
      expect(Date.parse(said.until)).toBeGreaterThanOrEqual(before + 30 * MIN)
      expect(Date.parse(said.until)).toBeLessThan(Date.now() + 30 * MIN)
      const saved = savedDocument<{ snoozes: Record<string, unknown> }>(dataDir, 'snoozes')!.snoozes
      expect(saved[said.key]).toMatchObject({ programId: SOON_PROGRAM_ID, fireAt: Date.parse(said.until) })

      // The history says so, as for a button: `onair reminders` lists it.
      const history = await runCliProcess(['reminders', '--json'], env)
      const entries = HistoryEntrySchema.array().parse(JSON.parse(history.stdout[0]!).entries)
      expect(entries.filter((e) => e.outcome === 'snoozed')).toEqual([
        expect.objectContaining({ until: Date.parse(said.until) })
      ])

      // At its start "until it starts" has passed: the default 5 minutes, said in Japanese.
      const ja = await runCliProcess(['reminders', 'snooze', String(SOON_PROGRAM_ID), '--for', 'start'], {
        ...env,
        LANG: 'ja_JP.UTF-8'
      })
      expect(ja.code).toBe(0)
      expect(ja.stdout[0]).toMatch(/^\d\d:\d\d までスヌーズしました。$/)

      const unknown = await runCliProcess(['reminders', 'snooze', '424242'], env)
      expect(unknown.code).toBe(1)
      expect(unknown.stderr).toContain('No reminder of program 424242 to snooze')
      const badChoice = await runCliProcess(['reminders', 'snooze', String(SOON_PROGRAM_ID), '--for', '7'], env)
      expect(badChoice.code).toBe(2)
      expect(badChoice.stderr).toContain('--for takes 5, 10, 30, start')
      expect((await runCliProcess(['reminders', 'snooze'], env)).code).toBe(2)
    } finally {
      daemon.child.kill('SIGINT')
      expect(await daemon.code).toBe(0)
    }
  }, 30_000)
})
