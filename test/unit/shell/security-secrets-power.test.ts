import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '../../../src/shared/csp'
import { electronSecrets } from '../../../src/main/shell/secrets'
import { watchPowerAndNetwork } from '../../../src/main/shell/power'
import { openWebUrl } from '../../../src/main/shell/security'
import {
  FakeEvent,
  FakeWebContents,
  app,
  defaultSession,
  net,
  powerMonitor,
  safeStorage,
  shell as electronShell
} from './electron-double'
import { shellPerTest, signedInTo, withDevServer } from './harness'
import { DATA_FILES } from '../../../src/main/core/store/data-files'
import { documentBody } from '../../../src/main/core/store/document'
import { savedDocument, saveDocumentBody } from '../../support/saved-documents'

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

describe('secrets through safeStorage', () => {
  it('encrypts where the OS can, in a database only the user can read, and never prints values', async () => {
    const s = await started()
    const secrets = electronSecrets(s.dataDir)
    secrets.set('mediaAccessToken', { value: 'tok-123', origin: 'https://media.example' })
    expect(secrets.encryptionAvailable()).toBe(true)
    expect(documentBody(s.dataDir, 'encryptedSecrets')).not.toContain('tok-123')
    for (const file of readdirSync(s.dataDir).filter((f) => f.startsWith(DATA_FILES.database.name)))
      expect(statSync(join(s.dataDir, file)).mode & 0o777).toBe(0o600)
    // The origin is kept beside the ciphertext: a token read back still says where it may go.
    expect(secrets.get('mediaAccessToken')).toEqual({ value: 'tok-123', origin: 'https://media.example' })
    expect(JSON.stringify({ secrets })).not.toContain('tok')
    secrets.delete('mediaAccessToken')
    expect(secrets.get('mediaAccessToken')).toBeUndefined()
    secrets.delete('mediaAccessToken')
  })

  it.each([
    ['no safeStorage', () => (safeStorage.available = false)],
    ['Linux basic_text (a fixed key)', () => (safeStorage.backend = 'basic_text')]
  ])('with %s: says so, and keeps a consented value marked as plain text', async (_name, degrade) => {
    const s = await started({ platform: 'linux' })
    degrade()
    const secrets = electronSecrets(s.dataDir)
    expect(secrets.encryptionAvailable()).toBe(false)
    expect(secrets.describe().en).toContain('no encryption')
    expect(secrets.describe().ja).toContain('暗号化')
    secrets.set('mediaAccessToken', { value: 'tok-456' })
    expect(savedDocument(s.dataDir, 'encryptedSecrets')).toEqual({
      mediaAccessToken: { kind: 'plain', data: 'tok-456' }
    })
    // A keyring that shows up later does not try to decrypt it.
    safeStorage.available = true
    safeStorage.backend = 'gnome_libsecret'
    expect(secrets.get('mediaAccessToken')).toEqual({ value: 'tok-456' })
  })

  it('the log asks the keyring for nothing: a stored secret the app has not used is not decrypted to write a line', async () => {
    const sealed = Buffer.from(`sealed:${Buffer.from('wiki-secret').toString('hex')}`).toString('base64')
    const decrypts = vi.spyOn(safeStorage, 'decryptString')
    try {
      const s = await started({
        // A settings file that no longer reads: logged at start.
        files: { 'settings.json': '{"ui": ' },
        documents: { encryptedSecrets: JSON.stringify({ wikiToken: { kind: 'safeStorage', data: sealed } }) }
      })
      expect(readFileSync(join(s.folder, 'logs', 'main.log'), 'utf8')).toMatch(/WARN/)
      expect(decrypts).not.toHaveBeenCalled()
    } finally {
      decrypts.mockRestore()
    }
  })

  it('reads a value sealed by a keyring that was reset as "sign in again", not as a crash', async () => {
    const s = await started()
    const secrets = electronSecrets(s.dataDir)
    secrets.set('mediaAccessToken', { value: 'tok-789' })
    saveDocumentBody(
      s.dataDir,
      'encryptedSecrets',
      JSON.stringify({ mediaAccessToken: { kind: 'safeStorage', data: 'bm9pc2U=' } })
    )
    expect(electronSecrets(s.dataDir).get('mediaAccessToken')).toBeUndefined()
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
    await vi.waitFor(() => expect(polls()).toBeGreaterThan(before), { timeout: 10_000 })
    app.quit()
    expect(powerMonitor.listenerCount('resume')).toBe(0)
  })
})
