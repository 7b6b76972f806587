/**
 * The app's updates end to end on the Electron double: the real shell starts electron-updater,
 * which asks a local feed (update-feed.ts) through the double's `net.request` and downloads, checks
 * and installs the file the test made. What a user sees is read from the tray menu and from
 * Settings → About (`update:*`), what reached the server from its request log.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHECK_EVERY_MS, CHECK_TIMEOUT_MS } from '../../../src/main/core/update/policy'
import type { UpdateView } from '../../../src/shared/contract'
import { app as electronApp, net, shell as electronShell } from './electron-double'
import { shellPerTest, type Shell, type ShellOptions } from './harness'
import { startFeed, type Feed, type FeedOptions } from './update-feed'
import { tempDir } from '../../support/temp-dir'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()
let feed: Feed | undefined
let app: Shell | undefined
let box: string
const saved = {
  resourcesPath: process.resourcesPath,
  APPIMAGE: process.env.APPIMAGE,
  XDG_CACHE_HOME: process.env.XDG_CACHE_HOME
}

beforeEach(() => {
  box = tempDir('onair-update-')
})
afterEach(async () => {
  // Quit (and install, where a test downloaded) while APPIMAGE still names the file.
  await app?.quit()
  app = undefined
  await feed?.close()
  feed = undefined
  Object.defineProperty(process, 'resourcesPath', { value: saved.resourcesPath, configurable: true })
  for (const name of ['APPIMAGE', 'XDG_CACHE_HOME'] as const) {
    if (saved[name] === undefined) delete process.env[name]
    else process.env[name] = saved[name]
  }
  rmSync(box, { recursive: true, force: true })
})

/** The running AppImage (0.1.0, the double's version) that an update replaces. */
const appImage = () => join(box, 'Onair.AppImage')

/**
 * A packaged copy whose build names `feed`, started on the double: an AppImage (APPIMAGE names
 * it), a deb (`resources/package-type`) or a Windows install. electron-updater reads APPIMAGE and
 * the cache folder from process.env itself.
 */
async function startApp(
  feedOptions: FeedOptions | null,
  options: ShellOptions & { install?: 'AppImage' | 'deb' | 'nsis' } = {}
): Promise<Shell> {
  const resources = join(box, 'resources')
  mkdirSync(resources, { recursive: true })
  if (feedOptions) {
    feed = await startFeed(feedOptions)
    writeFileSync(
      join(resources, 'app-update.yml'),
      `provider: generic\nurl: ${feed.url}\nupdaterCacheDirName: onair-updater\n`
    )
  }
  const install = options.install ?? 'AppImage'
  if (install === 'deb') writeFileSync(join(resources, 'package-type'), 'deb\n')
  if (install === 'AppImage') {
    writeFileSync(appImage(), '#!/bin/sh\n# Onair 0.1.0\nexit 0\n', { mode: 0o755 })
    process.env.APPIMAGE = appImage()
  }
  Object.defineProperty(process, 'resourcesPath', { value: resources, configurable: true })
  process.env.XDG_CACHE_HOME = join(box, 'cache')
  app = await run.start({
    packaged: true,
    ...options,
    env: { ...(install === 'AppImage' ? { APPIMAGE: appImage() } : {}), ...options.env }
  })
  return app
}

const about = async (s: Shell): Promise<UpdateView> => {
  const reply = (await s.invoke('update:status')) as { ok: true; value: UpdateView }
  return reply.value
}
const labels = (s: Shell) => s.menu().labels()
const feedAsked = () => feed?.requests.filter((p) => p.endsWith('.yml')).length ?? 0
const downloads = () => feed?.requests.filter((p) => !p.endsWith('.yml')).length ?? 0
const log = (s: Shell) => readFileSync(join(s.folder, 'logs/main.log'), 'utf8')

/** Waits for real I/O (the feed server, the download) to reach a state the test names. */
const until = (check: () => unknown) => vi.waitFor(check, { timeout: 10_000, interval: 20 })

describe('a newer version', () => {
  it('is downloaded at start, offered once in the tray and About, and installed on quit', async () => {
    const s = await startApp({ version: '0.2.0' })
    await until(() => expect(labels(s)).toContain('Restart to update to 0.2.0'))
    // Under the status line (signed out here), above the schedule.
    expect(labels(s).slice(2, 5)).toEqual(['Restart to update to 0.2.0', 'Later', '---'])
    expect((await about(s)).actions.map((a) => a.label.en)).toEqual(['Restart to update to 0.2.0', 'Later'])
    expect(feedAsked()).toBe(1)
    expect(downloads()).toBe(1)

    s.menu().click('Later')
    expect(labels(s)).not.toContain('Restart to update to 0.2.0')
    const view = await about(s)
    expect(view.actions).toEqual([])
    expect(view.status.en).toBe('Version 0.1.0 · 0.2.0 will be installed when Onair quits.')
    expect(s.events('update:changed').length).toBeGreaterThan(0)

    // Six hours later nothing is asked again: the update waits for the quit, and is not offered again.
    s.clock.advance(CHECK_EVERY_MS)
    await s.settle()
    expect(feedAsked()).toBe(1)
    expect(labels(s)).not.toContain('Later')

    await s.quit()
    expect(readFileSync(appImage())).toEqual(feed?.artifact)
  })

  it('"Restart to update" in the tray quits and installs now', async () => {
    const s = await startApp({ version: '0.2.0' })
    await until(() => expect(labels(s)).toContain('Restart to update to 0.2.0'))
    s.menu().click('Restart to update to 0.2.0')
    await until(() => expect(electronApp.quitted).toBe(true))
    expect(readFileSync(appImage())).toEqual(feed?.artifact)
  })

  it('"Restart to update" of an AppImage: the new one, started before this one quits, finds the single-instance lock free', async () => {
    // The new AppImage writes whether Electron's lock (SingletonLock in the data folder) is held.
    const probe = join(box, 'probe')
    const runs = `if [ -L "$ONAIR_PROBE_LOCK" ]; then echo held > "${probe}"; else echo free > "${probe}"; fi`
    const s = await startApp({ version: '0.2.0', runs })
    process.env.ONAIR_PROBE_LOCK = join(s.dataDir, 'SingletonLock')
    try {
      await until(() => expect(labels(s)).toContain('Restart to update to 0.2.0'))
      s.menu().click('Restart to update to 0.2.0')
      await until(() => expect(readFileSync(probe, 'utf8')).toBe('free\n'))
    } finally {
      delete process.env.ONAIR_PROBE_LOCK
    }
  })

  it('in Japanese too', async () => {
    const s = await startApp(
      { version: '0.2.0' },
      { files: { 'settings.json': JSON.stringify({ ui: { locale: 'ja' } }) } }
    )
    await until(() => expect(labels(s)).toContain('再起動して 0.2.0 に更新'))
    expect(labels(s)).toContain('後で')
  })

  it("whose file does not match the feed's sha512 is refused: logged, nothing offered, nothing installed", async () => {
    const s = await startApp({ version: '0.2.0', tampered: true })
    await until(async () => expect((await about(s)).status.en).toContain('did not download correctly'))
    expect(downloads()).toBeGreaterThanOrEqual(1)
    expect(labels(s)).not.toContain('Restart to update to 0.2.0')
    expect(log(s)).toMatch(/sha512 checksum mismatch/)
    await s.quit()
    expect(readFileSync(appImage(), 'utf8')).toContain('Onair 0.1.0')
  })

  it('is downloaded once when two windows press "Check now" while the start check runs', async () => {
    const s = await startApp({ version: '0.2.0' })
    const [a, b] = await Promise.all([
      s.invoke('update:act', { action: 'check' }),
      s.invoke('update:act', { action: 'check' })
    ])
    expect([a, b]).toMatchObject([{ ok: true }, { ok: true }])
    await until(() => expect(labels(s)).toContain('Restart to update to 0.2.0'))
    expect(feedAsked()).toBe(1)
    expect(downloads()).toBe(1)
  })

  it('a deb cannot update itself: it says where the new package is and downloads nothing', async () => {
    const s = await startApp({ version: '0.2.0' }, { install: 'deb' })
    await until(() => expect(labels(s)).toContain('Download 0.2.0…'))
    const view = await about(s)
    expect(view.status.en).toContain('installed as a system package and cannot update itself')
    s.menu().click('Download 0.2.0…')
    await until(() => expect(electronShell.opened).toEqual([`${feed?.url}onair_0.2.0_amd64.deb`]))
    expect(downloads()).toBe(0)
    expect(labels(s)).not.toContain('Later')
  })

  it('a deb is never sent to a download over plain http: the check fails, saying why, and nothing opens', async () => {
    const s = await startApp({ version: '0.2.0', filesAt: 'http://downloads.example/onair/' }, { install: 'deb' })
    await until(() => expect(log(s)).toMatch(/download link is not an https address: http:\/\/downloads\.example/))
    expect(labels(s)).not.toContain('Download 0.2.0…')
    expect((await about(s)).actions.map((a) => a.label.en)).not.toContain('Download 0.2.0…')
    expect(electronShell.opened).toEqual([])
  })

  it('a deb is sent to an https download named elsewhere', async () => {
    const s = await startApp({ version: '0.2.0', filesAt: 'https://downloads.example/onair/' }, { install: 'deb' })
    await until(() => expect(labels(s)).toContain('Download 0.2.0…'))
    s.menu().click('Download 0.2.0…')
    await until(() => expect(electronShell.opened).toEqual(['https://downloads.example/onair/onair_0.2.0_amd64.deb']))
  })

  it('a Windows install for all users says to run the new installer as an administrator', async () => {
    // Installed under Program Files: here, the folder that holds this test's own executable.
    const programFiles = dirname(dirname(process.execPath))
    const s = await startApp(
      { version: '0.2.0' },
      { platform: 'win32', install: 'nsis', env: { ProgramFiles: programFiles } }
    )
    await until(() => expect(labels(s)).toContain('Download 0.2.0…'))
    expect((await about(s)).status.en).toContain('installed for all users and cannot update itself')
    expect(feed?.requests.filter((p) => p.endsWith('.yml'))).toEqual(['/latest.yml'])
    s.menu().click('Download 0.2.0…')
    await until(() => expect(electronShell.opened).toEqual([`${feed?.url}Onair-Setup-0.2.0.exe`]))
    expect(downloads()).toBe(0)
  })
})

describe('nothing is offered', () => {
  it.each(['0.1.0', '0.0.9'])('for a feed at %s (the running version is 0.1.0)', async (version) => {
    const s = await startApp({ version })
    await until(async () =>
      expect((await about(s)).status.en).toMatch(/^Version 0\.1\.0 · Up to date \(checked \d\d:\d\d\)\.$/)
    )
    expect((await about(s)).actions.map((a) => a.id)).toEqual(['check'])
    expect(labels(s)).not.toContain('Later')
    expect(downloads()).toBe(0)
  })

  it('when the feed does not answer: the check gives up, and the next one starts afresh', async () => {
    const s = await startApp({ version: '0.2.0', silent: true })
    await until(() => expect(feedAsked()).toBe(1))
    s.clock.advance(CHECK_TIMEOUT_MS)
    await s.settle()
    expect((await about(s)).status.en).toMatch(/The update server did not answer/)
    expect(labels(s)).not.toContain('Later')

    feed?.set({ version: '0.2.0' })
    await s.invoke('update:act', { action: 'check' })
    await until(() => expect(labels(s)).toContain('Restart to update to 0.2.0'))
    expect(feedAsked()).toBe(2)
  })
})

describe('no request at all', () => {
  it('while offline: the check waits for the network', async () => {
    const s = await startApp({ version: '0.2.0' }, { before: () => (net.online = false) })
    await s.invoke('update:act', { action: 'check' })
    s.clock.advance(CHECK_EVERY_MS)
    await s.settle()
    expect(net.requested).toEqual([])
    expect(feed?.requests).toEqual([])

    net.online = true
    s.clock.advance(15 * 60 * 1000)
    await until(() => expect(labels(s)).toContain('Restart to update to 0.2.0'))
  })

  it('in a development run, even with a feed', async () => {
    const s = await startApp({ version: '0.2.0' }, { packaged: false })
    expect((await about(s)).status.en).toBe('Version 0.1.0 · Updates are off in a development run.')
    await s.invoke('update:act', { action: 'check' })
    s.clock.advance(CHECK_EVERY_MS)
    await s.settle()
    expect(net.requested).toEqual([])
    expect(feed?.requests).toEqual([])
  })

  it('in a build without a feed', async () => {
    const s = await startApp(null)
    expect((await about(s)).status.en).toBe('Version 0.1.0 · This build does not update itself.')
    s.clock.advance(CHECK_EVERY_MS)
    await s.settle()
    expect(net.requested).toEqual([])
  })

  it('in a second instance, which leaves everything to the first', async () => {
    await startApp({ version: '0.2.0' }, { locked: true })
    expect(net.requested).toEqual([])
    expect(feed?.requests).toEqual([])
  })
})
