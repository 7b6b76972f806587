import { appendFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { clipboard } from './electron-double'
import { shellPerTest, signedInTo } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

/** Settings → About → Copy diagnostics through the real shell and core on the Electron double. */
describe('app:copyDiagnostics', () => {
  const run = shellPerTest()

  it('copies the report onair doctor prints, with the app as reminder holder, and not the token the app signed in with', async () => {
    const emu = await run.emulator({ soonSeconds: 600 })
    const s = await run.start({ platform: 'linux', ...signedInTo(emu) })
    await vi.waitFor(() => expect(s.notifications().length).toBeGreaterThan(0), { timeout: 10_000 })
    const token = emu.tokens.readWrite
    mkdirSync(join(s.folder, 'logs'), { recursive: true })
    appendFileSync(join(s.folder, 'logs', 'main.log'), `2026-11-24T10:00:00.000Z ERROR session ${token} refused\n`)

    expect(await s.invoke('app:copyDiagnostics')).toEqual({ ok: true, value: { copied: true } })
    const text = clipboard.text
    expect(text).toMatch(/^Onair diagnostics \(/)
    expect(text).toMatch(/Versions: onair [^,]+, electron /)
    expect(text).toContain(`Reminders served by: app (pid ${process.pid} on `)
    expect(text).toMatch(/Reminders, last 24 h: Shown 1/)
    expect(text).toContain('ERROR session [redacted] refused')
    expect(text).not.toContain(token)
  })
})
