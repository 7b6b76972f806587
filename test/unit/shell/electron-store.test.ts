import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ELECTRON_STORE_CHANNEL, electronStoreBackend } from '../../../src/main/shell/electron-store'
import { settingsFileContract } from '../store/settings-file-contract'
import { app, ipcMain, resetElectron } from './electron-double'
import { shellPerTest, signedInTo } from './harness'
import { tempDir } from '../../support/temp-dir'
import { savedDocument } from '../../support/saved-documents'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

/** The real electron-store, each store it makes recorded (the file name it was given). */
const made = vi.hoisted(() => [] as string[])
vi.mock('electron-store', async (importOriginal) => {
  const { default: ElectronStore } = await importOriginal<typeof import('electron-store')>()
  class Recorded extends ElectronStore<Record<string, unknown>> {
    constructor(options: ConstructorParameters<typeof ElectronStore<Record<string, unknown>>>[0]) {
      super(options)
      made.push(options?.name ?? 'config')
    }
  }
  return { default: Recorded }
})

describe('the app keeps its settings in electron-store', () => {
  const run = shellPerTest()

  // First in this file: electron-store listens on ipcMain only when its first store is made.
  it('settings.json is an electron-store, the rest is in the database, and its renderer channel is closed', async () => {
    const s = await run.start(signedInTo(await run.emulator()))
    await s.invoke('settings:update', { ui: { locale: 'ja' } })
    await s.settle()
    expect(readdirSync(s.dataDir).filter((f) => f.endsWith('.json'))).toEqual(['settings.json'])
    expect(made).toEqual(['settings.json'])
    expect(savedDocument(s.dataDir, 'session')).toMatchObject({ session: { mediaUrl: expect.any(String) } })
    expect(ipcMain.listenedTo.has(ELECTRON_STORE_CHANNEL)).toBe(true)
    expect(ipcMain.listenerCount(ELECTRON_STORE_CHANNEL)).toBe(0)
    expect(JSON.parse(readFileSync(join(s.dataDir, 'settings.json'), 'utf8')).ui.locale).toBe('ja')
  })

  it('a corrupt settings file is moved aside as it was and reported in the system language', async () => {
    const s = await run.start({ files: { 'settings.json': '{"ui": ' }, before: () => void (app.locale = 'ja-JP') })
    const aside = readdirSync(s.dataDir).filter((f) => f.startsWith('settings.json.corrupt-'))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(s.dataDir, aside[0]!), 'utf8')).toBe('{"ui": ')
    expect(s.notifications()[0]?.body).toContain('退避しました')
    expect(await s.invoke('settings:get')).toMatchObject({ ok: true, value: { ui: { locale: 'system' } } })
  })
})

describe('electron-store as a backend', () => {
  beforeEach(() => {
    const folder = tempDir('onair-estore-')
    resetElectron({ appPath: folder, folder })
  })
  settingsFileContract('electron-store', () => electronStoreBackend())
})
