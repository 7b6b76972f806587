/**
 * What every real-Electron spec shares: finding the binary without triggering its download, and
 * skipping, saying why, where there is none (the development and CI machines cannot download it).
 * The hosted workflow sets ONAIR_REQUIRE_ELECTRON=1, where a missing binary is a failure instead:
 * a pipeline whose Electron specs all skipped would otherwise pass having shown nothing.
 */
import { resolve } from 'node:path'
import { test } from '@playwright/test'
import { findElectron } from '../../scripts/electron-app'

export const root = resolve(import.meta.dirname, '../..')

export const NO_ELECTRON =
  'Electron binary not installed on this machine (it cannot be downloaded here); runs where node_modules/electron/dist exists'

/** The binary, or the spec file is skipped (or fails, when the workflow requires Electron). */
export function electronOrSkip(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const executablePath = findElectron(root, env)
  if (executablePath === undefined && env['ONAIR_REQUIRE_ELECTRON']) {
    throw new Error(`ONAIR_REQUIRE_ELECTRON is set but no Electron was found: ${NO_ELECTRON}`)
  }
  test.skip(executablePath === undefined, NO_ELECTRON)
  return executablePath
}
