import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { SETTINGS_CHECK_MS } from '../../../src/main/core/store/settings-watch'
import { app, FakeBrowserWindow, globalShortcut } from './electron-double'
import { shellPerTest, signedInTo } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()
const MIN = 60_000
const stored = (dataDir: string) => JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).shortcuts

/** Global shortcuts as the real shell binds them to the system (globalShortcut on the double). */
describe('global shortcuts in the shell', () => {
  it('GNOME on Wayland without an installed desktop entry (an AppImage): none shown active, and Settings says why', async () => {
    const s = await run.start({
      packaged: true,
      env: { APPIMAGE: '/home/me/Onair.AppImage', XDG_SESSION_TYPE: 'wayland', XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' },
      files: { 'settings.json': JSON.stringify({ shortcuts: { quickRecord: 'Ctrl+Alt+R' } }) },
      before: () => (app.gnomeWayland = true)
    })
    // The portal denies the bind silently: a shown "active" would be a shortcut that never fires.
    expect(globalShortcut.press('Ctrl+Alt+R')).toBe(false)
    expect(await s.invoke('shortcuts:get')).toMatchObject({ ok: true, value: { quickRecord: { active: false } } })
    const set = (await s.invoke('shortcuts:set', { action: 'toggleWindow', accelerator: 'Ctrl+Alt+O' })) as {
      ok: false
      error: { message: { en: string; ja: string } }
    }
    expect(set.ok).toBe(false)
    expect(set.error.message.en).toMatch(/GNOME on Wayland .* installed desktop entry \(app\.onair\.Onair\.desktop\)/)
    expect(set.error.message.ja).toContain('Wayland の GNOME')
  })

  it('none by default; one set in Settings shows and hides the window, a change lets the old one go, quitting lets all go', async () => {
    const s = await run.start()
    expect([...globalShortcut.registered.keys()]).toEqual([])
    expect(await s.invoke('shortcuts:get')).toEqual({
      ok: true,
      value: { toggleWindow: { accelerator: '', active: false }, quickRecord: { accelerator: '', active: false } }
    })

    const set = await s.invoke('shortcuts:set', { action: 'toggleWindow', accelerator: 'Ctrl+Alt+O' })
    expect(set).toMatchObject({ ok: true, value: { toggleWindow: { accelerator: 'Ctrl+Alt+O', active: true } } })
    expect(stored(s.dataDir).toggleWindow).toBe('Ctrl+Alt+O')
    const window = FakeBrowserWindow.instances[0]!
    window.hide()
    expect(globalShortcut.press('Ctrl+Alt+O')).toBe(true)
    expect(window.isVisible()).toBe(true)
    window.focus()
    globalShortcut.press('Ctrl+Alt+O')
    expect(window.isVisible()).toBe(false)

    await s.invoke('shortcuts:set', { action: 'toggleWindow', accelerator: 'Super+F9' })
    expect([...globalShortcut.registered.keys()]).toEqual(['Super+F9'])
    await s.invoke('shortcuts:set', { action: 'quickRecord', accelerator: 'Ctrl+Alt+R' })
    expect([...globalShortcut.registered.keys()].sort()).toEqual(['Ctrl+Alt+R', 'Super+F9'])
    // Cleared (Backspace in the field): let go, and stored as none.
    await s.invoke('shortcuts:set', { action: 'toggleWindow', accelerator: '' })
    expect([...globalShortcut.registered.keys()]).toEqual(['Ctrl+Alt+R'])
    expect(stored(s.dataDir)).toEqual({ toggleWindow: '', quickRecord: 'Ctrl+Alt+R' })
    app.quit()
    await vi.waitFor(() => expect(app.quitted).toBe(true), { timeout: 10_000 })
    expect([...globalShortcut.registered.keys()]).toEqual([])
  })

  it('Wayland (KDE: the desktop portal binds): a changed shortcut lets the old key go, the other one still fires', async () => {
    const s = await run.start({
      env: { XDG_SESSION_TYPE: 'wayland', XDG_CURRENT_DESKTOP: 'KDE' },
      files: {
        'settings.json': JSON.stringify({ shortcuts: { toggleWindow: 'Ctrl+Alt+O', quickRecord: 'Ctrl+Alt+R' } })
      },
      before: () => (app.wayland = true)
    })
    await s.invoke('shortcuts:set', { action: 'toggleWindow', accelerator: 'Super+F9' })
    const window = FakeBrowserWindow.instances[0]!
    window.hide()
    expect(globalShortcut.press('Ctrl+Alt+O')).toBe(false)
    expect(globalShortcut.press('Super+F9')).toBe(true)
    expect(window.isVisible()).toBe(true)
    expect(globalShortcut.press('Ctrl+Alt+R')).toBe(true)
    await s.invoke('shortcuts:set', { action: 'quickRecord', accelerator: '' })
    expect(globalShortcut.press('Ctrl+Alt+R')).toBe(false)
    expect([...globalShortcut.registered.keys()]).toEqual(['Super+F9'])
  })

  it('held by another app: refused in both languages, the previous shortcut kept in the system and in the file', async () => {
    const s = await run.start()
    await s.invoke('shortcuts:set', { action: 'toggleWindow', accelerator: 'Ctrl+Alt+O' })
    globalShortcut.heldElsewhere.add('Ctrl+Shift+Space')
    const refused = await s.invoke('shortcuts:set', { action: 'toggleWindow', accelerator: 'Ctrl+Shift+Space' })
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'shortcut-taken',
        message: {
          en: 'Ctrl+Shift+Space is taken by another app or by the system. The previous shortcut is kept.',
          ja: 'Ctrl+Shift+Space は別のアプリかシステムが使っています。前のショートカットのままです。'
        }
      }
    })
    expect([...globalShortcut.registered.keys()]).toEqual(['Ctrl+Alt+O'])
    expect(stored(s.dataDir).toggleWindow).toBe('Ctrl+Alt+O')
    // Onair's other shortcut, and a combination without a modifier, are refused before the system is asked.
    const twice = await s.invoke('shortcuts:set', { action: 'quickRecord', accelerator: 'Alt+Control+o' })
    expect(twice).toMatchObject({ ok: false, error: { code: 'shortcut-in-use' } })
    const bare = await s.invoke('shortcuts:set', { action: 'quickRecord', accelerator: 'Shift+K' })
    expect(bare).toMatchObject({ ok: false, error: { code: 'shortcut-invalid' } })
    expect([...globalShortcut.registered.keys()]).toEqual(['Ctrl+Alt+O'])
  })

  it('a key pressed in the Settings field is named by the core as Electron reads it on its platform, then taken', async () => {
    const s = await run.start({ platform: 'darwin' })
    const press = (code: string, mods: object) =>
      s.invoke('shortcuts:record', {
        action: 'toggleWindow',
        press: { code, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods }
      })
    // By position: KeyK is K whatever the layout; the Meta key is Command on macOS.
    expect(await press('KeyK', { metaKey: true, shiftKey: true })).toMatchObject({
      ok: true,
      value: { toggleWindow: { accelerator: 'Command+Shift+K', active: true } }
    })
    expect([...globalShortcut.registered.keys()]).toEqual(['Command+Shift+K'])
    expect(stored(s.dataDir).toggleWindow).toBe('Command+Shift+K')
    // A key without a name, or the shortcut it already has: nothing changes, nothing to say.
    expect(await press('NumpadEnter', { metaKey: true })).toEqual({ ok: true, value: null })
    expect(await press('KeyK', { metaKey: true, shiftKey: true })).toEqual({ ok: true, value: null })
    // Named, then refused with the reason, as one typed by hand.
    expect(await press('KeyK', { shiftKey: true })).toMatchObject({ ok: false, error: { code: 'shortcut-invalid' } })
    expect([...globalShortcut.registered.keys()]).toEqual(['Command+Shift+K'])
    // Only the fields of a key press pass the contract.
    const sloppy = await s.invoke('shortcuts:record', {
      action: 'toggleWindow',
      press: { code: 'KeyK', ctrlKey: true }
    })
    expect(sloppy).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(stored(s.dataDir).toggleWindow).toBe('Command+Shift+K')
  })

  it('the same key named elsewhere: Super on Linux', async () => {
    const s = await run.start()
    const recorded = await s.invoke('shortcuts:record', {
      action: 'quickRecord',
      press: { code: 'Digit1', ctrlKey: false, altKey: false, shiftKey: false, metaKey: true }
    })
    expect(recorded).toMatchObject({ ok: true, value: { quickRecord: { accelerator: 'Super+1', active: true } } })
    expect([...globalShortcut.registered.keys()]).toEqual(['Super+1'])
  })

  it('changed by `onair config` while the app runs: taken within seconds; one another app holds is not, the old one kept', async () => {
    const s = await run.start({
      files: { 'settings.json': JSON.stringify({ shortcuts: { toggleWindow: 'Ctrl+Alt+O', quickRecord: '' } }) }
    })
    expect([...globalShortcut.registered.keys()]).toEqual(['Ctrl+Alt+O'])
    await s.settle()
    // What `onair config set shortcuts.toggleWindow …` leaves in the shared file.
    const configSet = (shortcuts: object) => {
      const file = join(s.dataDir, 'settings.json')
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), shortcuts }))
    }
    configSet({ toggleWindow: 'Super+F9', quickRecord: 'Ctrl+Alt+R' })
    s.clock.advance(SETTINGS_CHECK_MS)
    expect([...globalShortcut.registered.keys()].sort()).toEqual(['Ctrl+Alt+R', 'Super+F9'])
    globalShortcut.heldElsewhere.add('Ctrl+Shift+Space')
    configSet({ toggleWindow: 'Ctrl+Shift+Space', quickRecord: 'Ctrl+Alt+R' })
    s.clock.advance(SETTINGS_CHECK_MS)
    expect([...globalShortcut.registered.keys()].sort()).toEqual(['Ctrl+Alt+R', 'Super+F9'])
    expect(await s.invoke('shortcuts:get')).toMatchObject({
      ok: true,
      value: { quickRecord: { accelerator: 'Ctrl+Alt+R', active: true } }
    })
  })

  it('stored shortcuts are taken at start; one another app holds then is shown as not active', async () => {
    const s = await run.start({
      files: {
        'settings.json': JSON.stringify({ shortcuts: { toggleWindow: 'Ctrl+Alt+O', quickRecord: 'Ctrl+Alt+R' } })
      },
      before: () => globalShortcut.heldElsewhere.add('Ctrl+Alt+R')
    })
    expect([...globalShortcut.registered.keys()]).toEqual(['Ctrl+Alt+O'])
    expect(await s.invoke('shortcuts:get')).toEqual({
      ok: true,
      value: {
        toggleWindow: { accelerator: 'Ctrl+Alt+O', active: true },
        quickRecord: { accelerator: 'Ctrl+Alt+R', active: false }
      }
    })
  })

  it('quick record opens the program that just ended; with nothing on air or just ended, the schedule and why', async () => {
    const emu = await run.emulator()
    const signedIn = signedInTo(emu)
    const settings = JSON.parse(signedIn.files!['settings.json']!)
    const s = await run.start({
      ...signedIn,
      files: { 'settings.json': JSON.stringify({ ...settings, shortcuts: { quickRecord: 'Ctrl+Alt+R' } }) }
    })
    await vi.waitFor(async () => {
      const schedule = (await s.invoke('schedule:get')) as { value: { programs: Array<{ id: number }> } }
      expect(schedule.value.programs.map((p) => p.id)).toContain(1)
    })
    // Program 1 started 30 minutes ago: its 30-minute slot has just ended.
    s.window().hide()
    globalShortcut.press('Ctrl+Alt+R')
    expect(s.events('app:focusProgram')).toEqual([{ programId: 1 }])
    expect(s.window().isVisible()).toBe(true)
    // Thirty-one minutes on, nothing is on air or just over.
    s.clock.advance(31 * MIN)
    globalShortcut.press('Ctrl+Alt+R')
    expect(s.events('app:focusProgram')).toEqual([{ programId: 1 }])
    expect(s.events('app:navigate')).toEqual([{ view: 'schedule' }])
    expect(s.events('app:notice')).toContainEqual({
      level: 'info',
      message: expect.objectContaining({ en: expect.stringContaining('Nothing is on air now') })
    })
  })
})
