import { join } from 'node:path'
import { expect } from 'vitest'
import { runCli } from '../../src/main/cli/dispatch'
import { SOON_PROGRAM_ID, startEmulator, type Emulator } from '../emulator/index'
import { fakeIo } from './fake-io'
import { ManualClock } from './manual-clock'
import { tempDir } from './temp-dir'

/**
 * The environment of an `onair` that uses `emu`, over `dataDir` (a fresh folder when absent), not
 * signed in; `extra` adds to it or changes it (LANG, TZ, a proxy, another client).
 */
export function cliEnv(
  emu: Emulator,
  dataDir = join(tempDir('onair-cli-'), 'data'),
  extra: Record<string, string> = {}
) {
  return {
    ONAIR_DATA_DIR: dataDir,
    ONAIR_MEDIA_URL: emu.baseUrl,
    ONAIR_CLIENT_ID: emu.client.id,
    ONAIR_CLIENT_SECRET: emu.client.secret,
    ...extra
  }
}

/** The wiki of `emu` with its token, for the commands that read it (`extra` of cliEnv). */
export const wikiEnv = (emu: Emulator) => ({ ONAIR_WIKI_URL: emu.baseUrl, ONAIR_WIKI_TOKEN: emu.tokens.wiki })

/** cliEnv signed in with the read-write token, in process (`extra` is there at the sign-in too). */
export async function signedInEnv(emu: Emulator, dataDir?: string, extra: Record<string, string> = {}) {
  const env = cliEnv(emu, dataDir, extra)
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
