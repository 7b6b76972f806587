/**
 * A running `onair run` keeps writing only into the data folder it started with: when another
 * folder is put at its name (whoever may write to a parent folder can swap it), or the folder is
 * moved away or opened to other users, it says so and stops instead of writing the user's sign-in
 * and records into someone else's folder.
 */
import { chmodSync, mkdirSync, readdirSync, renameSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runDaemon } from '../../../src/main/cli/commands/run'
import type { CommandContext } from '../../../src/main/cli/command'
import { EXIT } from '../../../src/main/cli/command'
import { resolveConfig } from '../../../src/main/core/config'
import { FOLDER_CHECK_MS } from '../../../src/main/core/store/data-dir'
import { startEmulator, type Emulator } from '../../emulator/index'
import { ManualClock } from '../../support/manual-clock'
import { manualCron } from '../programs/emulated'
import { fakeIo } from '../../support/fake-io'
import { signedInEnv } from '../../support/signed-in-env'

let emu: Emulator | undefined
afterEach(async () => {
  await emu?.close()
  emu = undefined
})

async function daemon() {
  emu = await startEmulator({ port: 0 })
  const env = await signedInEnv(emu)
  const io = fakeIo(env)
  const clock = new ManualClock(Date.now())
  const ctx: CommandContext = {
    io,
    config: resolveConfig({}, io.env),
    clock,
    locale: 'en',
    t: (x) => x.en,
    flags: { json: true },
    positionals: []
  }
  let stop!: () => void
  const stopped = new Promise<void>((resolve) => (stop = resolve))
  const done = runDaemon(ctx, { stop: stopped, cron: manualCron().factory })
  await vi.waitFor(() => expect(io.stderr).toContain('Onair is running. Press Ctrl-C to stop.'))
  return { io, clock, done, stop, dataDir: env.ONAIR_DATA_DIR! }
}

describe('onair run and its data folder', () => {
  it('another folder put at its name: says so, stops with exit 1, and writes nothing into it', async () => {
    const d = await daemon()
    // Its first poll is done and what it found told (written to the folder it started with).
    await vi.waitFor(() => expect(d.io.stdout.some((l) => l.includes('"premiere"'))).toBe(true))
    await new Promise((resolve) => setImmediate(resolve))
    renameSync(d.dataDir, `${d.dataDir}-moved`)
    mkdirSync(d.dataDir, { mode: 0o700 })
    d.clock.advance(FOLDER_CHECK_MS)
    expect(await d.done).toBe(EXIT.failure)
    expect(d.io.stderr.join('\n')).toContain(`Another folder now stands at ${d.dataDir}`)
    expect(readdirSync(d.dataDir)).toEqual([])
  })

  it('moved away: says so and stops', async () => {
    const d = await daemon()
    renameSync(d.dataDir, `${d.dataDir}-moved`)
    d.clock.advance(FOLDER_CHECK_MS)
    expect(await d.done).toBe(EXIT.failure)
    expect(d.io.stderr.join('\n')).toContain('was removed or moved away while Onair ran')
  })

  it.skipIf(process.platform === 'win32')('opened to other users: says how to close it and stops', async () => {
    const d = await daemon()
    chmodSync(d.dataDir, 0o777)
    d.clock.advance(FOLDER_CHECK_MS)
    expect(await d.done).toBe(EXIT.failure)
    expect(d.io.stderr.join('\n')).toContain(`chmod go-w ${d.dataDir}`)
  })

  it('left as it is, runs on until told to stop', async () => {
    const d = await daemon()
    d.clock.advance(10 * FOLDER_CHECK_MS)
    d.stop()
    expect(await d.done).toBe(EXIT.ok)
  })
})
