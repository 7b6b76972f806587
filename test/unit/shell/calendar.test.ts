import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ICAL from 'ical.js'
import { describe, expect, it, vi } from 'vitest'
import { clipboard, dialog } from './electron-double'
import { shellPerTest, signedInTo } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()

/** The calendar commands as the real shell binds them: the save dialog, the file and the clipboard. */
describe('calendar in the shell', () => {
  it('Export .ics: the save dialog, then the document at the chosen path; cancelling saves nothing', async () => {
    const emu = await run.emulator()
    const s = await run.start(signedInTo(emu))
    // The first poll runs in the background of the start.
    await vi.waitFor(async () => {
      const schedule = (await s.invoke('schedule:get')) as { value: { programs: unknown[] } }
      expect(schedule.value.programs.length).toBeGreaterThan(0)
    })
    const target = join(s.folder, 'exported.ics')
    dialog.nextSave = target
    expect(await s.invoke('calendar:export')).toEqual({ ok: true, value: { path: target } })
    expect(dialog.asked[0]).toMatchObject({ defaultPath: 'onair.ics', filters: [{ extensions: ['ics'] }] })
    const calendar = new ICAL.Component(ICAL.parse(readFileSync(target, 'utf8')))
    expect(calendar.getAllSubcomponents('vevent').length).toBeGreaterThan(0)
    dialog.nextSave = null
    expect(await s.invoke('calendar:export')).toEqual({ ok: true, value: { path: null } })
  })

  it('copies the subscription address with the system clipboard, only while it is served', async () => {
    const s = await run.start()
    expect(await s.invoke('calendar:copyUrl')).toEqual({ ok: true, value: { copied: false } })
    expect(clipboard.text).toBe('')
    await s.invoke('settings:update', { calendar: { subscribe: { enabled: true, port: 0 } } })
    await vi.waitFor(async () => {
      const info = (await s.invoke('calendar:info')) as { value: { url: string | null } }
      expect(info.value.url).toMatch(/^http:\/\/127\.0\.0\.1:/)
    })
    expect(await s.invoke('calendar:copyUrl')).toEqual({ ok: true, value: { copied: true } })
    expect(clipboard.text).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{43}\/onair\.ics$/)
    expect(s.events('calendar:changed').at(-1)).toMatchObject({ enabled: true, url: clipboard.text })
  })
})
