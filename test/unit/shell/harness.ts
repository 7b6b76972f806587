/**
 * Starts the real shell (launch → start) on the Electron double, in a throwaway folder, with a
 * manual clock and a cron that only ticks when told. `quit()` ends it the way the tray's "Quit"
 * does and cleans up.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, vi } from 'vitest'
import { ManualClock } from '../../support/manual-clock'
import type { CronFactory } from '../../../src/main/core/programs/cron'
import { launch } from '../../../src/main/shell/launch'
import { startEmulator, USER_ID, type Emulator, type EmulatorOptions } from '../../emulator/index'
import { accountKey } from '../../../src/main/core/store/document'
import {
  FakeBrowserWindow,
  FakeNotification,
  FakeTray,
  app,
  ipcMain,
  resetElectron,
  restorePlatform
} from './electron-double'
import { tempDir } from '../../support/temp-dir'
import { saveDocumentBody } from '../../support/saved-documents'
import { closeFolderDatabases } from '../../../src/main/core/store/database'
import type { DocumentName } from '../../../src/main/core/store/data-files'

export interface ShellOptions {
  platform?: 'darwin' | 'win32' | 'linux'
  packaged?: boolean
  argv?: string[]
  env?: Record<string, string>
  /** Another Onair holds the single-instance lock. */
  locked?: boolean
  /** Files to put in the data folder before the start (e.g. settings.json). */
  files?: Record<string, string>
  /** Documents' raw rows to put in the data folder's database before the start (session first). */
  documents?: Partial<Record<DocumentName, string>>
  /** Whose the personal `documents` are (accountKey): the user the app signs in as; else the saved session's. */
  account?: string
  /** Runs after the reset, before launch (e.g. a locale, or the credential store's state). */
  before?: () => void
  /** Leave `ready` to the test (startup-order tests). */
  manualReady?: boolean
}

export type Shell = Awaited<ReturnType<typeof startShell>>

/**
 * The shell's time and the emulator's, moved to today's local noon: tray labels name the weekday of
 * a program on another day, so a suite run near midnight would otherwise see a different menu.
 */
const skew = new Date().setHours(12, 0, 0, 0) - Date.now()
const shellNow = () => Date.now() + skew

/** The process-wide catch-alls launch() adds; removed again after each test. */
const catchAlls = () => [...process.listeners('uncaughtException'), ...process.listeners('unhandledRejection')]

/** A fresh double and folder, nothing launched yet. */
export function prepareShell(options: ShellOptions = {}) {
  const folder = tempDir('onair-shell-')
  // Brackets in the app's own path: Chromium leaves them unescaped in the renderer's file URL.
  const appPath = join(folder, 'Onair [dev]')
  const dataDir = join(folder, 'data')
  resetElectron({ platform: options.platform ?? 'linux', appPath, folder })
  app.isPackaged = options.packaged ?? false
  app.lockAvailable = !options.locked
  if (options.files) {
    mkdirSync(dataDir, { recursive: true })
    for (const [name, text] of Object.entries(options.files)) writeFileSync(join(dataDir, name), text)
  }
  // The session's row decides whose rows the personal documents are, so it goes in first.
  const documents = Object.entries(options.documents ?? {}).sort(
    ([a], [b]) => Number(b === 'session') - Number(a === 'session')
  )
  for (const [name, body] of documents) saveDocumentBody(dataDir, name as DocumentName, body, options.account)
  options.before?.()
  return { folder, appPath, dataDir }
}

export async function startShell(options: ShellOptions = {}) {
  const { folder, appPath, dataDir } = prepareShell(options)
  const clock = new ManualClock(shellNow())
  const ticks: Array<{ expression: string; tick: () => void }> = []
  const cron: CronFactory = (expression, tick) => {
    const entry = { expression, tick }
    ticks.push(entry)
    return { stop: () => void ticks.splice(ticks.indexOf(entry), 1) }
  }
  const listenersBefore = catchAlls()
  const env: NodeJS.ProcessEnv = { ONAIR_DATA_DIR: dataDir, ...options.env }
  const started = launch({ clock, cron, argv: options.argv ?? ['electron', '.'], env })
  if (!options.manualReady) app.becomeReady()

  const window = (): FakeBrowserWindow => {
    const w = FakeBrowserWindow.instances[0]
    if (!w) throw new Error('no window was created')
    return w
  }
  const tray = (): FakeTray => {
    const t = FakeTray.instances[0]
    if (!t) throw new Error('no tray was created')
    return t
  }
  const menu = () => {
    const m = tray().menu
    if (!m) throw new Error('the tray has no menu')
    return m
  }
  const events = (channel: string) =>
    window()
      .webContents.sent.filter((s) => s.channel === channel)
      .map((s) => s.args[0])
  return {
    folder,
    appPath,
    dataDir,
    /** The environment launch() was given, as it left it. */
    env,
    clock,
    ticks,
    started,
    window,
    tray,
    menu,
    events,
    notifications: () => FakeNotification.instances,
    /** A command as the renderer's main frame sends it. */
    invoke: (channel: string, input?: unknown) =>
      ipcMain.invoke(channel, { sender: window().webContents, url: window().webContents.getURL() }, input),
    /** Lets promises started by events settle (the services' start, a poll against the emulator). */
    settle: async (rounds = 5) => {
      for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve))
    },
    async quit() {
      if (!app.quitted && FakeTray.instances.length > 0) app.quit()
      // The app holds the quit until its services have stopped (real I/O).
      if (FakeTray.instances.length > 0) await vi.waitFor(() => expect(app.quitted).toBe(true), { timeout: 10_000 })
      await new Promise((resolve) => setImmediate(resolve))
      // The process ends: Chromium's ProcessSingleton removes its lock.
      app.releaseSingleInstanceLock()
      for (const listener of catchAlls()) {
        if (listenersBefore.includes(listener)) continue
        process.off('uncaughtException', listener as NodeJS.UncaughtExceptionListener)
        process.off('unhandledRejection', listener as NodeJS.UnhandledRejectionListener)
      }
      restorePlatform()
      // As the process's end would: the next start opens the folder's database afresh.
      closeFolderDatabases()
      rmSync(folder, { recursive: true, force: true })
    }
  }
}

/**
 * One shell (and optionally one emulator) per test, ended after it: `const run = shellPerTest()`
 * at the top of a file, then `await run.start(options)` in a test.
 */
export function shellPerTest() {
  let shell: Shell | undefined
  let emu: Emulator | undefined
  afterEach(async () => {
    await shell?.quit()
    await emu?.close()
    shell = undefined
    emu = undefined
  })
  return {
    async start(options: ShellOptions = {}): Promise<Shell> {
      await shell?.quit()
      shell = await startShell(options)
      await shell.started
      return shell
    },
    async emulator(options: EmulatorOptions = {}): Promise<Emulator> {
      emu = await startEmulator({ port: 0, now: shellNow, ...options })
      return emu
    }
  }
}

/** Options that start the app signed in to `emu` (the demo's paste-token path). */
export const signedInTo = (emu: Emulator): Pick<ShellOptions, 'files' | 'env' | 'account'> => ({
  files: { 'settings.json': JSON.stringify({ services: { mediaUrl: emu.baseUrl, clientId: emu.client.id } }) },
  env: { ONAIR_DEMO_TOKEN: emu.tokens.readWrite },
  account: accountKey({ mediaUrl: emu.baseUrl, user: { id: USER_ID } })
})

/** Runs `fn` as under `electron-vite dev` (electron-vite types the variable as read-only). */
export async function withDevServer(url: string, fn: () => Promise<void>): Promise<void> {
  const env = process.env as Record<string, string | undefined>
  const saved = env['ELECTRON_RENDERER_URL']
  env['ELECTRON_RENDERER_URL'] = url
  try {
    await fn()
  } finally {
    if (saved === undefined) delete env['ELECTRON_RENDERER_URL']
    else env['ELECTRON_RENDERER_URL'] = saved
  }
}
