/**
 * Starts the real app for a spec: the built app folder (so Electron reads package.json and runs
 * as Onair), with the spy (spy.cjs) loaded first, in a data folder of the spec's own, and whatever
 * environment the spec adds. The binary comes from electron.ts (skip or fail when absent).
 */
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { _electron, type ElectronApplication } from '@playwright/test'
import { appArgs } from '../../scripts/electron-app'
import { root } from './electron'
import { scratchDir } from '../support/temp-dir'

export const SPY = join(root, 'test/electron/spy.cjs')

declare global {
  // What spy.cjs records in the main process, read through app.evaluate.
  var __onairSpy: any
}

export interface Launched {
  app: ElectronApplication
  dataDir: string
  /** Closes the app and removes the data folder (unless the spec keeps it for another start). */
  close(options?: { keepData?: boolean }): Promise<void>
}

export async function launchOnair(
  executablePath: string,
  options: { dataDir?: string; env?: Record<string, string>; args?: string[]; settingsJson?: string } = {}
): Promise<Launched> {
  let dataDir = options.dataDir
  if (!dataDir) {
    dataDir = scratchDir('onair-electron-')
    // English whatever the machine's language, so that specs can name menu items.
    writeFileSync(join(dataDir, 'settings.json'), options.settingsJson ?? JSON.stringify({ ui: { locale: 'en' } }))
  }
  const app = await _electron.launch({
    executablePath,
    args: ['-r', SPY, ...appArgs(root), ...(options.args ?? [])],
    cwd: root,
    env: { ...process.env, ONAIR_DATA_DIR: dataDir, ...options.env }
  })
  return {
    app,
    dataDir,
    async close({ keepData = false } = {}) {
      await app.close()
      if (!keepData) rmSync(dataDir!, { recursive: true, force: true })
    }
  }
}
