import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { dialog } from './electron-double'
import { shellPerTest, signedInTo, type Shell } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()

const services = (mediaUrl: string, wikiUrl = '') => ({ mediaUrl, wikiUrl, clientId: 'client-id', redirectPort: 0 })
const saved = (s: Shell) =>
  (JSON.parse(readFileSync(join(s.dataDir, 'settings.json'), 'utf8')) as { services: { mediaUrl: string } }).services

describe('a new service address from the window', () => {
  it('takes effect only after the main process asked, in its own dialog, naming both hosts', async () => {
    const emu = await run.emulator()
    const s = await run.start(signedInTo(emu))
    expect(await s.invoke('auth:status')).toMatchObject({ ok: true, value: { signedIn: true } })
    const elsewhere = 'https://elsewhere.example/api'

    // Escape (or closing the dialog): nothing changes, still signed in at the old address.
    const refused = await s.invoke('auth:saveServices', services(elsewhere))
    expect(refused).toMatchObject({ ok: false, error: { code: 'address-not-confirmed' } })
    expect(dialog.messageBoxes).toHaveLength(1)
    const [box] = dialog.messageBoxes
    expect(box!.parent).toBe(s.window())
    const { host } = new URL(emu.baseUrl)
    expect(box!.options.detail).toContain(`Media service: ${host} → elsewhere.example`)
    expect(box!.options.buttons).toEqual(['Change address', 'Cancel'])
    expect([box!.options.defaultId, box!.options.cancelId]).toEqual([1, 1])
    expect(saved(s).mediaUrl).toBe(emu.baseUrl)
    expect(await s.invoke('auth:status')).toMatchObject({ value: { signedIn: true } })

    // "Change address": saved, and signed out there.
    dialog.nextResponse = 0
    expect(await s.invoke('auth:saveServices', services(elsewhere))).toMatchObject({ ok: true })
    expect(saved(s).mediaUrl).toBe(elsewhere)
    expect(await s.invoke('auth:status')).toMatchObject({ value: { signedIn: false } })
  })

  it('asks in Japanese when Onair speaks Japanese; a first address or the same one asks nothing', async () => {
    const s = await run.start({ files: { 'settings.json': JSON.stringify({ ui: { locale: 'ja' } }) } })
    expect(await s.invoke('auth:saveServices', services('https://media.example'))).toMatchObject({ ok: true })
    expect(
      await s.invoke('auth:saveServices', services('https://media.example', 'https://wiki.example'))
    ).toMatchObject({ ok: true })
    expect(dialog.messageBoxes).toEqual([])
    await s.invoke('auth:saveServices', services('https://media.example', 'https://other-wiki.example'))
    expect(dialog.messageBoxes[0]!.options.message).toBe('サービスのアドレスを変更しますか？')
    expect(dialog.messageBoxes[0]!.options.detail).toContain('Wiki: wiki.example → other-wiki.example')
    expect(dialog.messageBoxes[0]!.options.buttons).toEqual(['アドレスを変更', 'キャンセル'])
  })
})
