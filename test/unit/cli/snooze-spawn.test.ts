import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { systemClock, type Clock } from '../../../src/main/core/clock'
import { reminderKey } from '../../../src/main/core/reminders/slots'
import { SNOOZE_MS } from '../../../src/main/core/reminders/snoozes'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { signedInEnv } from '../../support/signed-in-env'
import { spawnCli } from './spawn-cli'
import { tempDir } from '../../support/temp-dir'
import { reminderServiceFor } from '../../support/reminder-service'
import { savedDocument } from '../../support/saved-documents'

/** How far ahead the snooze below falls due: the app pressed "Snooze" this long short of 5 minutes ago. */
const DUE_IN_MS = 1_500

describe('a snooze pressed in the app, delivered by a real `onair run` holding the folder', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('the daemon process sees the other process’s snooze and prints the reminder again, once', async () => {
    emu = await startEmulator({ port: 0, soonSeconds: 2 })
    const dataDir = join(tempDir('onair-snooze-'), 'data')
    const env = await signedInEnv(emu, dataDir)
    const daemon = spawnCli(['run', '--json', '--lead', '0'], env)
    const isSoon = (l: string) => l.includes('"type":"reminder"') && l.includes(`"programId":${SOON_PROGRAM_ID}`)
    const soonLines = () => daemon.stdout.filter(isSoon)
    try {
      const first = JSON.parse(await daemon.line(isSoon)) as { startedAt: string }

      // The app standing by beside the daemon: its reminder service over the same folder, not
      // started (it never serves while `onair run` holds the folder), its clock 5 minutes back.
      const pressedAt: Clock = { ...systemClock, now: () => Date.now() - SNOOZE_MS + DUE_IN_MS }
      const app = reminderServiceFor({ clock: pressedAt, dataDir }).service
      const ref = {
        key: reminderKey(SOON_PROGRAM_ID, first.startedAt, 0),
        programId: SOON_PROGRAM_ID,
        startedAt: first.startedAt,
        offsetMinutes: 0
      }
      expect(app.snooze(ref)).toMatchObject({ ok: true })

      await daemon.line(() => soonLines().length === 2, 15_000)
      expect(savedDocument<{ snoozes: object }>(dataDir, 'snoozes')!.snoozes).toEqual({})
    } finally {
      daemon.child.kill('SIGINT')
      expect(await daemon.code).toBe(0)
    }
    // Everything the daemon printed, to its end: the reminder and its one return.
    expect(soonLines()).toHaveLength(2)
  }, 30_000)
})
