import { join } from 'node:path'
import { expect } from 'vitest'
import { runCli } from '../../../src/main/cli/dispatch'
import type { Emulator } from '../../emulator/index'
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
