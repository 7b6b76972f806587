import { describe, expect, it, vi } from 'vitest'
import { memoryNotifier, type NativeNotification } from '../../../src/main/core/notify'
import { SNOOZE_MS, type SnoozeResult } from '../../../src/main/core/reminders/snoozes'
import { reminderAction, reminderButtons } from '../../../src/main/core/reminders/reminder-actions'
import { FakeNotification } from './electron-double'
import { shellPerTest, signedInTo, type Shell } from './harness'
import { documentBody } from '../../../src/main/core/store/document'
import { savedDocument } from '../../support/saved-documents'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

/** The reminder buttons of the real shell on the Electron double: "Snooze" next to "Watched". */
describe('"Snooze" on a reminder', () => {
  const run = shellPerTest()

  /**
   * Signed in to an emulator with a show in 10 minutes: its 10-minute reminder shows at once.
   * Premieres off: the emulator's season openers would add their own notice and history rows.
   */
  async function withReminder(platform: 'darwin' | 'win32', ui: { locale?: 'ja' } = {}) {
    const emu = await run.emulator({ soonSeconds: 600 })
    const signedIn = signedInTo(emu)
    const saved = JSON.parse(signedIn.files!['settings.json']!)
    const settings = { ...saved, ui, reminders: { ...saved.reminders, premiere: false } }
    signedIn.files = { 'settings.json': JSON.stringify(settings) }
    const s = await run.start({ platform, ...signedIn })
    await vi.waitFor(() => expect(s.notifications().length).toBeGreaterThan(0), { timeout: 10_000 })
    const reminder = s.notifications()[0]!
    return { s, reminder, signedIn, id: reminder.options.id }
  }
  const history = (s: Shell) =>
    (savedDocument<{ entries: { outcome: string }[] }>(s.dataDir, 'history')?.entries ?? []).map((e) => e.outcome)
  const snoozes = (s: Shell) => savedDocument<{ snoozes: Record<string, unknown> }>(s.dataDir, 'snoozes')!
  /** Notifications of the same reminder (the OS sees one id: the return replaces the first). */
  const returns = (s: Shell, id: string | undefined) => s.notifications().filter((n) => n.options.id === id).length

  it('macOS: labelled in the user’s language, saved at once, back in 5 minutes with its buttons, once', async () => {
    const { s, reminder, id } = await withReminder('darwin')
    expect(reminder.actions).toEqual([
      { type: 'button', text: 'Watched' },
      { type: 'button', text: 'Snooze 5 min' }
    ])
    reminder.pressAction(1)
    expect(Object.values(snoozes(s).snoozes)).toEqual([expect.objectContaining({ fireAt: s.clock.now() + SNOOZE_MS })])
    // Not the window, not the outbox: the point of the button is to be left alone for now.
    expect(s.window().isVisible()).toBe(false)
    expect(((await s.invoke('outbox:list')) as { value: { entries: unknown[] } }).value.entries).toEqual([])
    s.clock.advance(SNOOZE_MS - 1)
    expect(returns(s, id)).toBe(1)
    s.clock.advance(1)
    expect(returns(s, id)).toBe(2)
    expect(s.notifications().at(-1)?.actions).toHaveLength(2)
    s.clock.advance(SNOOZE_MS)
    expect(returns(s, id)).toBe(2)
  })

  it('pressed twice (a double click): one snooze, one return', async () => {
    const { s, reminder, id } = await withReminder('darwin')
    reminder.pressAction(1)
    reminder.pressAction(1)
    expect(Object.keys(snoozes(s).snoozes)).toHaveLength(1)
    s.clock.advance(2 * SNOOZE_MS)
    expect(returns(s, id)).toBe(2)
  })

  it('Windows: each button index reaches its action, also from the Action Center after the toast closed', async () => {
    const { s, reminder, id } = await withReminder('win32', { locale: 'ja' })
    // A toast holds five buttons: Watched and every snooze choice that applies before the start.
    expect(reminder.actions.map((a) => a.text)).toEqual([
      '視聴済み',
      '5分後に再通知',
      '放送開始時に再通知',
      '10分後に再通知',
      '30分後に再通知'
    ])
    reminder.close()
    const activate = (actionIndex: number) =>
      FakeNotification.activate({ type: 'action', actionIndex, arguments: `tag=${id}` })
    activate(1)
    // A toast is done once one of its buttons was used: a second report of it changes nothing.
    activate(1)
    activate(0)
    expect(Object.keys(snoozes(s).snoozes)).toHaveLength(1)
    expect(((await s.invoke('outbox:list')) as { value: { entries: unknown[] } }).value.entries).toEqual([])
    s.clock.advance(SNOOZE_MS)
    const back = s.notifications().filter((n) => n.options.id === id)[1]!
    FakeNotification.activate({ type: 'action', actionIndex: 0, arguments: `tag=${back.options.id}` })
    // "Watched" on the returned reminder records the episode.
    expect(((await s.invoke('outbox:list')) as { value: { entries: unknown[] } }).value.entries).toHaveLength(1)
    // The reminder history keeps each step, for the Reminders list and `onair reminders`.
    expect(history(s)).toEqual(['delivered', 'snoozed', 'delivered', 'watched'])
  })

  it('Windows: "Until it starts" brings the reminder back at the start, "Snooze 30 min" half an hour after the press', async () => {
    for (const [index, after] of [
      [2, 'start'],
      [4, 30 * 60_000]
    ] as const) {
      const { s, reminder } = await withReminder('win32')
      FakeNotification.activate({ type: 'action', actionIndex: index, arguments: `tag=${reminder.options.id}` })
      const [snooze] = Object.values(snoozes(s).snoozes) as Array<{ fireAt: number; startedAt: string }>
      expect(snooze?.fireAt).toBe(after === 'start' ? Date.parse(snooze!.startedAt) : s.clock.now() + after)
      expect(history(s)).toEqual(['delivered', 'snoozed'])
    }
  })

  it('a click on a reminder opens its quick record and is kept in the reminder history', async () => {
    const { s, reminder } = await withReminder('darwin')
    reminder.click()
    expect(s.window().isVisible()).toBe(true)
    expect(history(s)).toEqual(['delivered', 'opened'])
  })

  it("macOS, don't let me miss it: each repeat takes the place of the reminder (same tag, the earlier closed)", async () => {
    const emu = await run.emulator({ soonSeconds: 600 })
    const signedIn = signedInTo(emu)
    const saved = JSON.parse(signedIn.files!['settings.json']!)
    const reminders = { ...saved.reminders, leadMinutes: [10], dontMissWorkIds: [1] }
    signedIn.files = { 'settings.json': JSON.stringify({ ...saved, reminders }) }
    const s = await run.start({ platform: 'darwin', ...signedIn })
    await vi.waitFor(() => expect(s.notifications().length).toBeGreaterThan(0), { timeout: 10_000 })
    const { id } = s.notifications()[0]!.options
    s.clock.advance(15 * 60_000)
    const same = s.notifications().filter((n) => n.options.id === id)
    expect(same.map((n) => [n.title.startsWith('Reminder again'), n.closed])).toEqual([
      [false, true],
      [true, true],
      [true, false]
    ])
  })

  it('survives a restart of the app: the next run brings the reminder back once, at its time', async () => {
    const first = await withReminder('darwin')
    first.reminder.pressAction(1)
    // The folder as the first run left it: who is signed in, and that user's schedule, ledger and snoozes.
    const saved = Object.fromEntries(
      (['session', 'schedule', 'ledger', 'snoozes'] as const).map((name) => [
        name,
        documentBody(first.s.dataDir, name)!
      ])
    )
    const fireAt = (Object.values(snoozes(first.s).snoozes)[0] as { fireAt: number }).fireAt
    const s = await run.start({
      platform: 'darwin',
      ...first.signedIn,
      documents: saved
    })
    // Started, polled: the reminder shown before the restart is not shown again.
    await vi.waitFor(async () =>
      expect(((await s.invoke('schedule:get')) as { value: { fetchedAt: string | null } }).value.fetchedAt).not.toBe(
        JSON.parse(saved['schedule']!).fetchedAt
      )
    )
    expect(returns(s, first.id)).toBe(0)
    s.clock.advanceTo(fireAt)
    await vi.waitFor(() => expect(returns(s, first.id)).toBe(1))
    s.clock.advance(SNOOZE_MS)
    expect(returns(s, first.id)).toBe(1)
  })
})

describe('reminderAction when the snooze cannot be kept', () => {
  const ref = {
    key: '42:2026-11-22T12:10:00.000Z:10',
    programId: 42,
    startedAt: '2026-11-22T12:10:00.000Z',
    offsetMinutes: 10
  }
  const reminder: NativeNotification = { id: ref.key, title: 'Work 42', body: 'Ep. 1', reminder: ref }

  function act(snooze: () => SnoozeResult, locale: 'en' | 'ja' = 'en') {
    const notifier = memoryNotifier()
    const opened: number[] = []
    const logged: string[] = []
    const press = reminderAction({
      reminders: { schedule: () => ({ fetchedAt: null, programs: [] }), snooze, actedOn: () => {} },
      outbox: { record: () => expect.unreachable('nothing to record') },
      notifier,
      language: () => locale,
      openProgram: (id) => void opened.push(id),
      log: { write: (level, message) => void logged.push(`${level} ${message}`) }
    })
    return { press, shown: notifier.shown, opened, logged }
  }

  it('a program that left the schedule opens in the window instead', () => {
    const t = act(() => ({ ok: false, reason: 'not-scheduled' }))
    t.press('snooze', reminder)
    expect(t.opened).toEqual([42])
    expect(t.shown).toEqual([])
  })

  it('a snooze that could not be saved is said in the user’s language and logged, never silently lost', () => {
    for (const locale of ['en', 'ja'] as const) {
      const t = act(() => {
        throw new Error('ENOSPC: no space left on device')
      }, locale)
      t.press('snooze', reminder)
      expect(t.logged).toEqual([`error snooze of "${ref.key}" was not saved`])
      expect(t.shown[0]?.body).toMatch(
        locale === 'en'
          ? /could not snooze Work 42: .*ENOSPC.*will not come back/
          : /Work 42 の再通知を設定できませんでした.*ENOSPC/
      )
    }
  })

  it('buttons act only on reminders: a confirmation or summary carries none, and a stray action does nothing', () => {
    expect(
      reminderButtons(
        { id: 'watched:42', title: 'Onair', body: '', target: { kind: 'record', programId: 42 } },
        'en',
        'linux'
      )
    ).toEqual([])
    const t = act(() => expect.unreachable('not a reminder'))
    t.press('snooze', { id: 'group:1', title: '3 shows', body: '' })
    expect(t.shown).toEqual([])
  })
})
