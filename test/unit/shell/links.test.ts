import { rmSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { NOT_IN_SCHEDULE } from '../../../src/main/core/links'
import { app, FakeEvent, shell as electronShell } from './electron-double'
import { shellPerTest, signedInTo, startShell, type Shell } from './harness'
import { tempDir } from '../../support/temp-dir'
import { savedDocument } from '../../support/saved-documents'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const RUNTIME = ['/opt/Onair/onair', '--original-process-start-time=13']

/** What the running app receives when the system starts a second Onair with `args`. */
const secondInstance = (...args: string[]) => app.emit('second-instance', new FakeEvent(), [...RUNTIME, ...args], '/')

/** The views and notices the link asked the window for, and whether it came forward. */
const seen = (s: Shell) => ({
  visible: s.window().isVisible(),
  focus: s.events('app:focusProgram'),
  navigate: s.events('app:navigate'),
  notices: s.events('app:notice'),
  refusals: s.notifications().filter((n) => n.title === 'Onair' && /onair:\/\/program/.test(n.body)).length
})

describe('onair:// links through the single-instance path', () => {
  const run = shellPerTest()

  /** Signed in to an emulator, with its schedule cached. */
  async function withSchedule(options: { platform?: 'darwin' | 'linux'; locale?: 'ja' } = {}) {
    const emu = await run.emulator({ soonSeconds: 600 })
    const signedIn = signedInTo(emu)
    if (options.locale)
      signedIn.files = {
        'settings.json': JSON.stringify({ ...JSON.parse(signedIn.files!['settings.json']!), ui: { locale: 'ja' } })
      }
    const s = await run.start({ platform: options.platform ?? 'linux', ...signedIn })
    await vi.waitFor(() => expect(savedDocument(s.dataDir, 'schedule')).toBeDefined(), { timeout: 10_000 })
    await vi.waitFor(async () => expect(await programs(s)).not.toEqual([]), { timeout: 10_000 })
    return s
  }
  const programs = async (s: Shell) =>
    (
      (await s.invoke('schedule:get')) as {
        value: { programs: Array<{ id: number; startedAt: string; work: { id: number } }> }
      }
    ).value.programs

  it('a second instance’s program link opens that broadcast’s quick record', async () => {
    const s = await withSchedule()
    const [program] = await programs(s)
    secondInstance(`onair://program/${program!.id}`)
    expect(seen(s)).toMatchObject({ visible: true, focus: [{ programId: program!.id }], refusals: 0 })
  })

  it('a work link opens the quick record of that work’s broadcast', async () => {
    const s = await withSchedule()
    const all = await programs(s)
    // A work whose broadcasts are all still to come: its soonest one (the list is soonest first).
    const program = all.find((p) =>
      all.every((q) => q.work.id !== p.work.id || Date.parse(q.startedAt) > s.clock.now())
    )
    secondInstance(`onair://work/${program!.work.id}`)
    expect(seen(s)).toMatchObject({ visible: true, focus: [{ programId: program!.id }] })
  })

  it('a program the schedule does not hold: the schedule, and the reason on the message line', async () => {
    const s = await withSchedule()
    secondInstance('onair://program/2147483647')
    expect(seen(s)).toMatchObject({
      visible: true,
      focus: [],
      navigate: [{ view: 'schedule' }],
      notices: [{ level: 'info', message: NOT_IN_SCHEDULE }]
    })
  })

  it.each([
    ['a look-alike', ['onair:program/1']],
    ['a huge id', [`onair://program/${'9'.repeat(5000)}`]],
    ['path tricks', ['onair://program/../../settings']],
    ['an encoded slash', ['onair://program%2F1']],
    ['a query', ['onair://program/1?open=https://evil.example']],
    ['a fragment', ['onair://work/1#settings']],
    ['several at once', ['onair://program/1', 'onair://work/1']]
  ])('refuses %s: one notification saying so, the window stays hidden, nothing opens', async (_name, args) => {
    const s = await withSchedule()
    secondInstance(...args)
    expect(seen(s)).toEqual({ visible: false, focus: [], navigate: [], notices: [], refusals: 1 })
    expect(electronShell.opened).toEqual([])
  })

  it('the refusal is said in the user’s language', async () => {
    const s = await withSchedule({ locale: 'ja' })
    secondInstance('onair://settings')
    expect(s.notifications().at(-1)?.body).toMatch(/開きませんでした/)
  })

  it('a second instance without a link, or with another scheme’s, only brings the window forward', async () => {
    let s = await withSchedule()
    secondInstance()
    expect(seen(s)).toMatchObject({ visible: true, focus: [], navigate: [], refusals: 0 })
    s = await withSchedule()
    secondInstance('https://evil.example/', 'file:///etc/passwd', 'onairx://program/1')
    expect(seen(s)).toMatchObject({ visible: true, focus: [], navigate: [], refusals: 0 })
    expect(electronShell.opened).toEqual([])
  })

  it('macOS: a link that started the app (open-url before ready) is followed once the window exists', async () => {
    const emu = await run.emulator()
    const s = await startShell({ platform: 'darwin', manualReady: true, ...signedInTo(emu) })
    try {
      const event = new FakeEvent()
      app.emit('open-url', event, 'onair://program/404')
      // Handled here: without preventDefault macOS would hand the link to no one else.
      expect(event.defaultPrevented).toBe(true)
      app.becomeReady()
      await s.started
      expect(seen(s)).toMatchObject({
        visible: true,
        navigate: [{ view: 'schedule' }],
        notices: [{ message: NOT_IN_SCHEDULE }]
      })
    } finally {
      await s.quit()
    }
  })

  it('Linux and Windows: the link in the first instance’s own arguments; a refused one opens nothing', async () => {
    let s = await run.start({ argv: [...RUNTIME, 'onair://work/1?x'] })
    expect(seen(s)).toEqual({ visible: false, focus: [], navigate: [], notices: [], refusals: 1 })
    s = await run.start({ argv: [...RUNTIME, 'onair://program/9'] })
    expect(seen(s)).toMatchObject({ visible: true, notices: [{ message: NOT_IN_SCHEDULE }], refusals: 0 })
  })

  it('Linux: an installed copy Linux knows by no desktop entry (an AppImage) says once that links will not reach it', async () => {
    const data = tempDir('onair-links-data-')
    const appImage = { APPIMAGE: '/home/me/Apps/Onair.AppImage', ONAIR_DATA_DIR: data }
    const notices = () => s.notifications().filter((n) => /onair:\/\/ links will not open this copy/.test(n.body))
    let s = await run.start({ packaged: true, env: appImage })
    expect(notices()).toHaveLength(1)
    expect(notices()[0]?.body).toContain('app.onair.Onair.desktop')
    // The next login of the same AppImage is not told again.
    s = await run.start({ packaged: true, env: appImage })
    expect(notices()).toHaveLength(0)
    // Nor after an update, which electron-updater writes under the new version's name.
    s = await run.start({ packaged: true, env: { ...appImage, APPIMAGE: '/home/me/Apps/Onair-1.3.0.AppImage' } })
    expect(notices()).toHaveLength(0)
    rmSync(data, { recursive: true, force: true })
    // Installed (the deb): the scheme is this copy's, nothing to say.
    s = await run.start({ packaged: true, before: () => app.installedDesktopEntries.push(app.desktopName) })
    expect(notices()).toHaveLength(0)
  })

  it('claims the scheme in installed builds only, leaving a development run out of it', async () => {
    await run.start({ packaged: true })
    expect(app.protocols).toEqual(['onair'])
    await run.start({ packaged: false })
    expect(app.protocols).toEqual([])
  })
})
