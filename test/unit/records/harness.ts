import { afterEach } from 'vitest'
import { createSessionMonitor } from '../../../src/main/core/auth/monitor'
import type { CorruptFileReport } from '../../../src/main/core/store/database'
import { createOutbox, type Outbox, type OutboxOptions } from '../../../src/main/core/records/outbox'
import { outboxFileStore } from '../../../src/main/core/records/store'
import { USER_ID, type EmulatorOptions } from '../../emulator'
import { emulated } from '../media/emulated'
import { tempDir } from '../../support/temp-dir'

/**
 * Every outbox a harness opened is stopped after its test (which awaits its pass): a pass still
 * running when the test file ends would write outbox.json into a folder already removed.
 */
const opened: Outbox[] = []
afterEach(async () => {
  for (const outbox of opened.splice(0)) await outbox.stop()
})

/**
 * The real outbox over the real client, the emulator and a file in a temp folder, all on one
 * ManualClock: the undo window and the backoff pass only when a test advances time.
 */
export async function outboxHarness(emuOpts: EmulatorOptions = {}, outboxOpts: Partial<OutboxOptions> = {}) {
  const t = await emulated(emuOpts)
  const dataDir = tempDir('onair-outbox-')
  const corrupt: CorruptFileReport[] = []
  const monitor = createSessionMonitor('signed-in')
  const open = (): Outbox => {
    const outbox = createOutbox({
      store: outboxFileStore(dataDir, (r) => corrupt.push(r)),
      media: () => t.client,
      clock: t.clock,
      monitor,
      random: () => 0.5,
      ...outboxOpts
    })
    outbox.start()
    opened.push(outbox)
    return outbox
  }
  const recordsOf = (episodeId: number) =>
    t.emu.media.records.filter((r) => r.userId === USER_ID && r.episodeId === episodeId)
  /** Moves time and waits for whatever the outbox started. */
  const advance = async (outbox: Outbox, ms: number) => {
    t.clock.advance(ms)
    await outbox.idle()
  }
  return { ...t, dataDir, corrupt, monitor, open, recordsOf, advance }
}

/** Program 9 of the seed: work 3, episode 301, unwatched, two hours ahead. */
export const PROGRAM_9 = { episodeId: 301, programId: 9, workId: 3, display: { workTitle: 'Orbit Gardeners' } }
