import { describe, expect, it, vi } from 'vitest'
import type { ReminderHistoryView } from '../../../src/shared/contract'
import { shellPerTest, signedInTo } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

type Reply<T> = { ok: true; value: T } | { ok: false; error: { code: string } }

/** The window's Reminders list over IPC, through the real shell and core on the Electron double. */
describe('reminders:history and reminders:act', () => {
  const run = shellPerTest()

  it('lists the reminder just shown with its buttons still usable; Snooze and Watched act and are kept', async () => {
    const emu = await run.emulator({ soonSeconds: 600 })
    const signedIn = signedInTo(emu)
    // Premieres off: the emulator's season openers would add their own history rows.
    const saved = JSON.parse(signedIn.files!['settings.json']!)
    signedIn.files = {
      'settings.json': JSON.stringify({ ...saved, reminders: { ...saved.reminders, premiere: false } })
    }
    const s = await run.start({ platform: 'linux', ...signedIn })
    await vi.waitFor(() => expect(s.notifications().length).toBeGreaterThan(0), { timeout: 10_000 })
    const history = async () => {
      const reply = (await s.invoke('reminders:history')) as Reply<ReminderHistoryView>
      if (!reply.ok) throw new Error(reply.error.code)
      return reply.value
    }
    const first = await history()
    expect(first.entries.map((e) => e.outcome)).toEqual(['delivered'])
    const shown = first.entries[0]!.reminders[0]!
    expect(first.actionable).toEqual([shown.key])
    const ref = {
      key: shown.key,
      programId: shown.program.id,
      startedAt: shown.program.startedAt,
      offsetMinutes: shown.offsetMinutes
    }

    expect(first.snoozes[shown.key]).toEqual(['5', 'start', '10', '30'])
    expect(await s.invoke('reminders:act', { ref, action: 'snooze' })).toEqual({
      ok: true,
      value: { ok: true, until: s.clock.now() + 5 * 60_000 }
    })
    const watched = (await s.invoke('reminders:act', { ref, action: 'watched' })) as Reply<{
      ok: boolean
      entry?: { id: string }
    }>
    // The answer carries the outbox entry, waiting out its undo window: the list offers its Undo.
    expect(watched).toEqual({
      ok: true,
      value: { ok: true, entry: expect.objectContaining({ programId: shown.program.id, state: 'waiting' }) }
    })
    const outbox = (await s.invoke('outbox:list')) as Reply<{ entries: Array<{ id: string; programId?: number }> }>
    expect(outbox.ok && outbox.value.entries).toEqual([
      expect.objectContaining({ id: watched.ok && watched.value.entry?.id, programId: shown.program.id })
    ])
    expect((await history()).entries.map((e) => e.outcome)).toEqual(['delivered', 'snoozed', 'watched'])

    // A broadcast that is not on the schedule: nothing happens, and the list is told so.
    const gone = { ...ref, programId: 999_999, key: `999999:${ref.startedAt}:0` }
    expect(await s.invoke('reminders:act', { ref: gone, action: 'watched' })).toEqual({
      ok: true,
      value: { ok: false }
    })
    expect(await s.invoke('reminders:act', { ref: gone, action: 'snooze' })).toEqual({ ok: true, value: { ok: false } })
    // Hostile input never reaches the core.
    for (const input of [
      { ref: { ...ref, programId: -1 }, action: 'watched' },
      { ref: { ...ref, key: 'k'.repeat(10_000) }, action: 'snooze' },
      { ref: { ...ref, startedAt: '../../etc' }, action: 'snooze' },
      { ref, action: 'delete' },
      { ref: { ...ref, extra: 1 }, action: 'watched' }
    ])
      expect(await s.invoke('reminders:act', input)).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect((await history()).entries).toHaveLength(3)
  })
})
