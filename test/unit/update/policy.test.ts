import { describe, expect, it } from 'vitest'
import {
  CHECK_EVERY_MS,
  initialUpdateState,
  nextUpdateState,
  shouldCheck,
  updateMode,
  updateOffer,
  type Installation
} from '../../../src/main/core/update/policy'
import { offerActions, updateView } from '../../../src/main/core/update/view'

const linuxAppImage: Installation = {
  packaged: true,
  feedUrl: 'https://updates.example/onair/',
  platform: 'linux',
  packageType: undefined,
  appImage: '/home/a/Onair.AppImage',
  execPath: '/tmp/.mount_Onair/onair',
  programFolders: []
}

describe('which copies update themselves', () => {
  it('a development run and a build without a feed never ask', () => {
    expect(updateMode({ ...linuxAppImage, packaged: false })).toEqual({ kind: 'off', why: 'development' })
    expect(updateMode({ ...linuxAppImage, feedUrl: undefined })).toEqual({ kind: 'off', why: 'no-feed' })
  })

  it('a feed over plain http to another computer is never asked (https, or loopback)', () => {
    expect(updateMode({ ...linuxAppImage, feedUrl: 'http://updates.example/' })).toEqual({
      kind: 'off',
      why: 'insecure-feed'
    })
    expect(updateMode({ ...linuxAppImage, feedUrl: 'http://127.0.0.1:8080/' })).toEqual({ kind: 'auto' })
    const view = updateView(initialUpdateState({ kind: 'off', why: 'insecure-feed' }), '1.0.0', {
      now: 0,
      timeZone: 'UTC'
    })
    expect(view.status.en).toContain('its update address is not https')
    expect(view.status.ja).toContain('https ではない')
    expect(view.actions).toEqual([])
  })

  it('an AppImage, a per-user Windows install and macOS update themselves', () => {
    expect(updateMode(linuxAppImage)).toEqual({ kind: 'auto' })
    const win = { ...linuxAppImage, platform: 'win32', appImage: undefined, programFolders: ['C:\\Program Files'] }
    expect(updateMode({ ...win, execPath: 'C:\\Users\\a\\AppData\\Local\\Programs\\onair\\Onair.exe' })).toEqual({
      kind: 'auto'
    })
    expect(updateMode({ ...linuxAppImage, platform: 'darwin', appImage: undefined })).toEqual({ kind: 'auto' })
  })

  it('a deb, a Windows install for all users and an unpacked folder say how to update instead', () => {
    const deb = { ...linuxAppImage, appImage: undefined, packageType: 'deb' }
    expect(updateMode(deb)).toEqual({ kind: 'manual', why: 'package' })
    expect(updateMode({ ...deb, packageType: undefined })).toEqual({ kind: 'manual', why: 'portable' })
    const win = { ...deb, platform: 'win32', programFolders: ['C:\\Program Files', 'C:\\Program Files (x86)'] }
    expect(updateMode({ ...win, execPath: 'c:/program files/Onair/Onair.exe' })).toEqual({
      kind: 'manual',
      why: 'per-machine'
    })
  })
})

describe('when the feed is asked', () => {
  const auto = initialUpdateState({ kind: 'auto' })
  const t0 = Date.UTC(2026, 10, 24, 9, 0)

  it('at start, then not before six hours have passed since the last check ended', () => {
    expect(shouldCheck(auto, t0, true, false)).toBe(true)
    const checked = nextUpdateState(nextUpdateState(auto, { type: 'checking' }, t0), { type: 'up-to-date' }, t0 + 500)
    expect(shouldCheck(checked, t0 + 500 + CHECK_EVERY_MS - 1, true, false)).toBe(false)
    expect(shouldCheck(checked, t0 + 500 + CHECK_EVERY_MS, true, false)).toBe(true)
    // "Check now" does not wait.
    expect(shouldCheck(checked, t0 + 1000, true, true)).toBe(true)
  })

  it('never offline, never with updates off, never twice at once, not once an update waits for the quit', () => {
    expect(shouldCheck(auto, t0, false, true)).toBe(false)
    expect(shouldCheck(initialUpdateState({ kind: 'off', why: 'development' }), t0, true, true)).toBe(false)
    const checking = nextUpdateState(auto, { type: 'checking' }, t0)
    expect(shouldCheck(checking, t0, true, true)).toBe(false)
    const downloading = nextUpdateState(checking, { type: 'downloading', version: '1.0.0' }, t0)
    expect(shouldCheck(downloading, t0, true, true)).toBe(false)
    const ready = nextUpdateState(downloading, { type: 'downloaded', version: '1.0.0' }, t0)
    expect(shouldCheck(ready, t0 + 2 * CHECK_EVERY_MS, true, true)).toBe(false)
  })
})

describe('what is offered', () => {
  const t0 = Date.UTC(2026, 10, 24, 9, 0)
  const ready = nextUpdateState(initialUpdateState({ kind: 'auto' }), { type: 'downloaded', version: '1.2.0' }, t0)

  it('a downloaded version once: "Later" ends the offer, the status still says it installs on quit', () => {
    expect(updateOffer(ready)).toEqual({ kind: 'restart', version: '1.2.0' })
    expect(offerActions(ready).map((a) => a.label.en)).toEqual(['Restart to update to 1.2.0', 'Later'])
    expect(offerActions(ready).map((a) => a.label.ja)).toEqual(['再起動して 1.2.0 に更新', '後で'])
    const later = nextUpdateState(ready, { type: 'later' }, t0)
    expect(updateOffer(later)).toBeNull()
    const view = updateView(later, '1.1.0', { now: t0, timeZone: 'UTC' })
    expect(view.actions).toEqual([])
    expect(view.status.en).toBe('Version 1.1.0 · 1.2.0 will be installed when Onair quits.')
  })

  it('a manual copy is told where to download, in its own words', () => {
    const deb = nextUpdateState(
      initialUpdateState({ kind: 'manual', why: 'package' }),
      { type: 'available', version: '1.2.0', url: 'https://dl.example/onair_1.2.0_amd64.deb' },
      t0
    )
    expect(updateOffer(deb)).toEqual({
      kind: 'download',
      version: '1.2.0',
      url: 'https://dl.example/onair_1.2.0_amd64.deb'
    })
    const view = updateView(deb, '1.1.0', { now: t0, timeZone: 'UTC' })
    expect(view.status.en).toContain('installed as a system package and cannot update itself')
    expect(view.status.ja).toContain('システムのパッケージ')
    expect(view.actions.map((a) => a.id)).toEqual(['download', 'later'])
  })

  it('About shows the version and the last check time, and "Check now" when a check may start', () => {
    const off = updateView(initialUpdateState({ kind: 'off', why: 'no-feed' }), '1.1.0', { now: t0, timeZone: 'UTC' })
    expect(off).toEqual({
      status: {
        en: 'Version 1.1.0 · This build does not update itself.',
        ja: 'バージョン 1.1.0 · このビルドは自動で更新しません。'
      },
      actions: []
    })
    const checked = nextUpdateState(initialUpdateState({ kind: 'auto' }), { type: 'up-to-date' }, t0)
    const view = updateView(checked, '1.1.0', { now: t0 + 60_000, timeZone: 'UTC' })
    expect(view.status.en).toBe('Version 1.1.0 · Up to date (checked 09:00).')
    expect(view.status.ja).toBe('バージョン 1.1.0 · 最新です（09:00 に確認）。')
    expect(view.actions.map((a) => [a.id, a.label.en, a.label.ja])).toEqual([['check', 'Check now', '今すぐ確認']])
  })
})
