/**
 * safeStorage round-trips a secret through the app: signed in (with the emulator's token), the
 * token is on disk only as safeStorage ciphertext, and the next start decrypts it and is signed in.
 * Linux needs a keyring for real encryption (the workflow starts one and passes
 * --password-store=gnome-libsecret); without one the app keeps secrets plainly, with consent only.
 */
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startEmulator } from '../emulator/index'
import type { PageGlobals } from '../e2e/page-globals'
import { electronOrSkip } from './electron'
import { launchOnair } from './launch'

const executablePath = electronOrSkip()
const keyring = process.platform === 'linux' ? ['--password-store=gnome-libsecret'] : []

const status = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).api.invoke('auth:status', undefined))

test('a token is stored encrypted and read back by the next start', async () => {
  const emu = await startEmulator({ port: 0 })
  const settingsJson = JSON.stringify({
    ui: { locale: 'en' },
    services: { mediaUrl: emu.baseUrl, clientId: emu.client.id }
  })
  const token = emu.tokens.readWrite
  const first = await launchOnair(executablePath!, { settingsJson, env: { ONAIR_DEMO_TOKEN: token }, args: keyring })
  try {
    const page = await first.app.firstWindow()
    await expect.poll(async () => (await status(page)).signedIn).toBe(true)
    const { encrypted } = (await status(page)).secretsProtection
    if (!encrypted && !process.env['ONAIR_REQUIRE_ELECTRON']) {
      test.skip(true, 'no keyring in this session: safeStorage offers no real encryption here')
    }
    expect(encrypted).toBe(true)
    const onDisk = readFileSync(join(first.dataDir, 'secrets.enc.json'), 'utf8')
    expect(onDisk).not.toContain(token)
    expect(Object.values(JSON.parse(onDisk) as Record<string, { kind: string }>).map((e) => e.kind)).toContain(
      'safeStorage'
    )
    await first.close({ keepData: true })

    const second = await launchOnair(executablePath!, { dataDir: first.dataDir, args: keyring })
    const again = await second.app.firstWindow()
    await expect.poll(async () => (await status(again)).signedIn).toBe(true)
    await second.close()
  } finally {
    await first.app.close().catch(() => {})
    rmSync(first.dataDir, { recursive: true, force: true })
    await emu.close()
  }
})
