import { closeFolderDatabases } from '../../../src/main/core/store/database'
import { savedDocument } from '../../support/saved-documents'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { tempDir } from '../../support/temp-dir'
import { signedInEnv } from '../../support/signed-in-env'
import { spawnCli } from '../cli/spawn-cli'
import { dunstMissing, startDunst, type Dunst } from './dunst'
import { notifier, reminder } from './notifier-fixture'

/**
 * Onair's reminders on a real notification server, dunst 1.9, with the buttons chosen from dunst's
 * context menu: there a used notification stays on screen unless its sender closes it. Skipped,
 * saying why, without dunst and Xvfb; CI sets ONAIR_REQUIRE_NOTIFICATION_SERVER.
 */
const unavailable = dunstMissing()
if (unavailable && process.env.ONAIR_REQUIRE_NOTIFICATION_SERVER) {
  throw new Error(`ONAIR_REQUIRE_NOTIFICATION_SERVER is set, but ${unavailable}`)
}

describe.skipIf(unavailable !== undefined)(`reminders on dunst (${unavailable ?? 'dunst 1.9'})`, () => {
  let dunst: Dunst
  beforeAll(async () => void (dunst = await startDunst()), 30_000)
  afterAll(() => dunst?.close())
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
    closeFolderDatabases()
  })

  it('the reminder’s buttons are in dunst’s menu; Snooze chosen there is Snooze, and the reminder leaves the screen', async () => {
    const { n, presses } = notifier(dunst.env)
    close = n.close
    n.show(reminder)
    const menu = await dunst.press('Fish & Chips', 'snooze')
    expect(menu).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^#Watched \(Fish & Chips\) \[\d+,watched\]$/),
        expect.stringMatching(/^#Snooze 5 min \(Fish & Chips\) \[\d+,snooze\]$/)
      ])
    )
    await vi.waitFor(() => expect(presses).toEqual(['snooze:reminder:1:10']))
    await vi.waitFor(() => expect(dunst.closed()).toEqual(['Fish & Chips']))
  })

  it('onair run: Snooze chosen from dunst’s menu is saved, and the reminder leaves the screen', async () => {
    const emu: Emulator = await startEmulator({ port: 0, soonSeconds: 3 })
    const dataDir = join(tempDir('onair-run-dunst-'), 'data')
    const run = spawnCli(['run', '--json', '--lead', '0'], { ...(await signedInEnv(emu, dataDir)), ...dunst.env })
    try {
      const title = emu.media.work(emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!.workId)!.title
      await dunst.press(title, 'snooze')
      const snoozes = () => Object.keys(savedDocument<{ snoozes: object }>(dataDir, 'snoozes')?.snoozes ?? {})
      await vi.waitFor(() => expect(snoozes()).toHaveLength(1), { timeout: 5_000 })
      await vi.waitFor(() => expect(dunst.closed()).toContain(title))
      expect(savedDocument<{ entries: unknown[] }>(dataDir, 'outbox')?.entries ?? []).toEqual([])
    } finally {
      run.child.kill('SIGINT')
      expect(await run.code).toBe(0)
      await emu.close()
    }
  }, 30_000)
})
