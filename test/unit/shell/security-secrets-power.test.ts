import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { inspect } from 'node:util'
import { describe, expect, it, vi } from 'vitest'
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '../../../src/shared/csp'
import { folderSecrets } from '../../../src/main/core/auth/folder-secrets'
import type { LocalizedText } from '../../../src/shared/locale'
import type { Settings } from '../../../src/shared/settings'
import { double } from '../../support/keyring-double.cjs'
import { watchPowerAndNetwork } from '../../../src/main/shell/power'
import { openWebUrl } from '../../../src/main/shell/security'
import {
  FakeEvent,
  FakeWebContents,
  app,
  defaultSession,
  net,
  powerMonitor,
  shell as electronShell
} from './electron-double'
import { shellPerTest, signedInTo, withDevServer } from './harness'
import { dataFile } from '../../../src/main/core/store/data-files'
import { savedDocument } from '../../support/saved-documents'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()
const started = run.start

describe('session hardening', () => {
  it('sends the strict CSP packaged, and the dev server’s looser one only while it runs', async () => {
    await started({ packaged: true })
    expect(defaultSession().webRequest.respond('https://x/', { a: ['1'] })).toEqual({
      a: ['1'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY]
    })
    await withDevServer('http://localhost:5173/', async () => {
      await started({ packaged: false })
      const dev = defaultSession().webRequest.respond('http://localhost:5173/')?.['Content-Security-Policy']
      expect(dev).toEqual([devContentSecurityPolicy()])
      // What Vite's dev server needs, and nothing for scripts.
      expect(dev?.[0]).toContain("style-src 'self' 'unsafe-inline'")
      expect(dev?.[0]).toContain("script-src 'self';")
      expect(dev?.[0]).not.toMatch(/unsafe-eval/)
    })
  })

  it('grants the renderer’s Copy button the clipboard, and nothing else to anyone', async () => {
    const s = await started({ packaged: true })
    const page = 'app://onair/index.html'
    const ask = (permission: string, requestingUrl: string, isMainFrame = true) =>
      new Promise<boolean>((resolve) =>
        defaultSession().requestHandler?.(s.window().webContents as never, permission as never, resolve, {
          requestingUrl,
          isMainFrame
        })
      )
    const check = (permission: string, requestingUrl: string) =>
      defaultSession().checkHandler?.(null, permission as never, 'file:///', { requestingUrl, isMainFrame: true })
    expect(await ask('clipboard-sanitized-write', page)).toBe(true)
    expect(check('clipboard-sanitized-write', page)).toBe(true)
    expect(await ask('clipboard-sanitized-write', 'https://example.com/')).toBe(false)
    expect(await ask('clipboard-sanitized-write', `file://${join(s.appPath, 'out/renderer/index.html')}`)).toBe(false)
    expect(await ask('clipboard-sanitized-write', page, false)).toBe(false)
    for (const other of ['clipboard-read', 'notifications', 'media', 'geolocation', 'openExternal'])
      expect([await ask(other, page), check(other, page)]).toEqual([false, false])
  })

  it('blocks navigation, webviews and popups; an http(s) popup goes to the browser', async () => {
    const s = await started()
    const contents = s.window().webContents
    expect(contents.cancellable('will-navigate', { url: 'https://evil.example/' })).toBe(true)
    expect(contents.cancellable('will-redirect', { url: 'https://evil.example/' })).toBe(true)
    expect(contents.cancellable('will-attach-webview', {}, {})).toBe(true)
    const open = (url: string) => contents.openHandler?.({ url } as never)
    expect(open('https://example.com/page')).toEqual({ action: 'deny' })
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' })
    await s.settle()
    expect(electronShell.opened).toEqual(['https://example.com/page'])
    // Any web contents, not only the window's.
    const other = new FakeWebContents()
    app.emit('web-contents-created', new FakeEvent(), other)
    expect(other.cancellable('will-navigate', {})).toBe(true)
  })

  it('shell.openExternal only ever gets a parsed web address; file:, UNC and custom schemes are refused', async () => {
    await started()
    for (const url of ['file://host/share/x', 'file:///etc/passwd', 'smb://host/share', 'onair://x', 'javascript:1'])
      await expect(openWebUrl(url), url).rejects.toMatchObject({ userError: { code: 'unsafe-url' } })
    await openWebUrl(' https://example.com/a b')
    expect(electronShell.opened).toEqual(['https://example.com/a%20b'])
  })

  it('the demo token is read once: the environment the app runs with (and its children inherit) forgets it', async () => {
    const emu = await run.emulator()
    const s = await started(signedInTo(emu))
    await s.settle()
    expect(s.env).not.toHaveProperty('ONAIR_DEMO_TOKEN')
    expect(s.env).toHaveProperty('ONAIR_DATA_DIR')
  })
})

describe('secrets in the credential store', () => {
  /** Every file under the data folder, with its text. */
  const folderTexts = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => readFileSync(join(d.parentPath, d.name), 'utf8'))

  it('keeps the sign-in in the OS store under the data folder’s real path, and no token text in any file of the folder', async () => {
    const emu = await run.emulator()
    const s = await started(signedInTo(emu))
    await vi.waitFor(async () => expect(await s.invoke('auth:status')).toMatchObject({ value: { signedIn: true } }))
    expect(double.items()).toContainEqual({
      service: `onair:${realpathSync(s.dataDir)}`,
      account: 'mediaAccessToken',
      password: JSON.stringify({ value: emu.tokens.readWrite, origin: new URL(emu.baseUrl).origin })
    })
    expect(await s.invoke('auth:status')).toMatchObject({ value: { secretsProtection: { encrypted: true } } })
    for (const text of folderTexts(s.dataDir)) expect(text).not.toContain(emu.tokens.readWrite)
  })

  it('with no store reachable: asks first, and a yes keeps the secrets in the 0600 file every face then uses', async () => {
    const emu = await run.emulator()
    const s = await started({
      files: { 'settings.json': JSON.stringify({ services: { mediaUrl: emu.baseUrl, clientId: emu.client.id } }) },
      before: () => double.setState('unreachable')
    })
    await vi.waitFor(async () =>
      expect(await s.invoke('auth:status')).toMatchObject({ value: { secretsProtection: { encrypted: false } } })
    )
    const status = (await s.invoke('auth:status')) as { value: { secretsProtection: { description: LocalizedText } } }
    expect(status.value.secretsProtection.description.en).toContain('No credential store is reachable')
    expect(status.value.secretsProtection.description.ja).toContain('資格情報ストア')
    const token = emu.tokens.readWrite
    try {
      expect(await s.invoke('auth:pasteToken', { token })).toMatchObject({
        ok: false,
        error: { code: 'needs-consent' }
      })
      expect(await s.invoke('auth:pasteToken', { token, allowUnencrypted: true })).toMatchObject({ ok: true })
    } finally {
      double.setState('open')
    }
    const settings = JSON.parse(readFileSync(dataFile(s.dataDir, 'settings'), 'utf8')) as Settings
    expect(settings.secrets.storage).toBe('file')
    const file = dataFile(s.dataDir, 'secrets')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8')).toContain(token)
  })

  it('never prints a value, even when the whole store object is logged', async () => {
    const s = await started()
    const secrets = folderSecrets(s.dataDir, () => 'keyring')
    await secrets.set('mediaAccessToken', { value: 'tok-123', origin: 'https://media.example' })
    expect(JSON.stringify({ secrets })).not.toContain('tok-123')
    expect(inspect(secrets)).not.toContain('tok-123')
    await secrets.delete('mediaAccessToken')
    expect(double.items().filter((i) => i.service === `onair:${realpathSync(s.dataDir)}`)).toEqual([])
  })
})

describe('sleep and network', () => {
  it('tells the services when the machine wakes and when the network returns', async () => {
    const s = await started()
    const seen: string[] = []
    const stop = watchPowerAndNetwork(
      { resume: () => seen.push('resume'), networkBack: () => seen.push('network') },
      s.clock
    )
    powerMonitor.emit('resume')
    expect(seen).toEqual(['resume'])
    net.online = false
    s.clock.advance(15_000)
    expect(seen).toEqual(['resume'])
    net.online = true
    s.clock.advance(15_000)
    expect(seen).toEqual(['resume', 'network'])
    s.clock.advance(15_000)
    expect(seen).toEqual(['resume', 'network'])
    stop()
    powerMonitor.emit('resume')
    net.online = false
    s.clock.advance(15_000)
    net.online = true
    s.clock.advance(15_000)
    expect(seen).toEqual(['resume', 'network'])
  })

  it('polls again when the machine wakes (the app’s own wiring), and stops listening on quit', async () => {
    const emu = await run.emulator()
    const s = await started(signedInTo(emu))
    const polls = () => emu.requests.filter((r) => r.path.startsWith('/v1/me/programs')).length
    // The first poll has finished once its result is cached.
    await vi.waitFor(() => expect(savedDocument(s.dataDir, 'schedule')).toBeDefined(), { timeout: 10_000 })
    await s.settle()
    const before = polls()
    powerMonitor.emit('resume')
    // The sign-in, the poll and its catch-up list took the media client's three starts of this
    // second (http/pacer.ts): the wake's poll goes once the app's clock moves on.
    await vi.waitFor(
      () => {
        s.clock.advance(1_000)
        expect(polls()).toBeGreaterThan(before)
      },
      { timeout: 10_000 }
    )
    app.quit()
    expect(powerMonitor.listenerCount('resume')).toBe(0)
  })
})
