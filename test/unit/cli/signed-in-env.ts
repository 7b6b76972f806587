import { join } from 'node:path'
import { expect } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../../emulator/index'
import { ManualClock } from '../../support/manual-clock'
import { fakeIo } from './fake-io'
import { tempDir } from '../../support/temp-dir'

/** The environment of an `onair` signed in to `emu`, over `dataDir` (a fresh folder when absent). */
export async function signedInEnv(
  emu: Emulator,
  dataDir = join(tempDir('onair-cli-'), 'data')
): Promise<Record<string, string>> {
  const env = {
    ONAIR_DATA_DIR: dataDir,
    ONAIR_MEDIA_URL: emu.baseUrl,
    ONAIR_CLIENT_ID: emu.client.id,
    ONAIR_CLIENT_SECRET: emu.client.secret
  }
  expect(await runCli(['sign-in', '--token', emu.tokens.readWrite], fakeIo(env))).toBe(0)
  return env
}

/**
 * A folder signed in to a new emulator on a manual clock, whose soon program starts in 10 minutes
 * (the caller closes `emu`).
 */
export async function soonProgram() {
  const clock = new ManualClock(Date.now())
  const emu = await startEmulator({ port: 0, soonSeconds: 600, now: () => clock.now() })
  const env = await signedInEnv(emu)
  const startedAt = new Date(emu.media.programs.find((p) => p.id === SOON_PROGRAM_ID)!.startedAt).getTime()
  return { clock, env, startedAt, emu }
}
