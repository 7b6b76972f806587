/**
 * The credential store round-trips a secret through the real app: signed in (with the emulator's
 * token), the token is in no file of the data folder, and the next start reads it from the store
 * (@napi-rs/keyring, loaded in Electron's main process) and is signed in. Linux needs a Secret
 * Service on the session bus (the workflow starts gnome-keyring); without one the app keeps
 * secrets in the plain file, with consent only.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startEmulator } from '../emulator/index'
import type { PageGlobals } from '../e2e/page-globals'
import { electronOrSkip } from './electron'
import { launchOnair } from './launch'

const executablePath = electronOrSkip()

const status = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).api.invoke('auth:status', undefined))

test('a token is kept in the credential store and read back by the next start', async () => {
  const emu = await startEmulator({ port: 0 })
  const settingsJson = JSON.stringify({
    ui: { locale: 'en' },
    services: { mediaUrl: emu.baseUrl, clientId: emu.client.id }
  })
  const token = emu.tokens.readWrite
  const first = await launchOnair(executablePath!, { settingsJson, env: { ONAIR_DEMO_TOKEN: token } })
  try {
    const page = await first.app.firstWindow()
    await expect.poll(async () => (await status(page)).signedIn).toBe(true)
    const { encrypted } = (await status(page)).secretsProtection
    if (!encrypted && !process.env['ONAIR_REQUIRE_ELECTRON']) {
      test.skip(true, 'no credential store in this session')
    }
    expect(encrypted).toBe(true)
    const files = readdirSync(first.dataDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
    for (const f of files) expect(readFileSync(join(f.parentPath, f.name), 'utf8')).not.toContain(token)
    await first.close({ keepData: true })

    const second = await launchOnair(executablePath!, { dataDir: first.dataDir })
    const again = await second.app.firstWindow()
    await expect.poll(async () => (await status(again)).signedIn).toBe(true)
    await second.close()
  } finally {
    await first.app.close().catch(() => {})
    rmSync(first.dataDir, { recursive: true, force: true })
    await emu.close()
  }
})
