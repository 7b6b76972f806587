import { afterEach, describe, expect, it } from 'vitest'
import { dispatch } from '../../../src/main/core/ipc/handlers'
import { scheduleFileStore } from '../../../src/main/core/programs/schedule-file'
import { ScheduleView, type EventName } from '../../../src/shared/contract'
import type { ScheduleCache } from '../../../src/shared/schedule'
import type { Emulator } from '../../emulator'
import { emulated } from '../media/emulated'
import { setup } from '../app/helpers'
import { tempDir } from '../../support/temp-dir'
import { reminderServiceFor } from '../../support/reminder-service'

describe('schedule IPC', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('get answers from the cache before any poll; start and refresh poll; every change is pushed as schedule:changed', async () => {
    const t = await emulated({})
    emu = t.emu
    const saved: ScheduleCache = { fetchedAt: '2026-11-22T11:00:00.000Z', programs: [] }
    const dataDir = tempDir('onair-schedule-ipc-')
    scheduleFileStore(dataDir).write(saved)
    const reminders = reminderServiceFor({ clock: t.clock, media: t.client, dataDir }).service
    const { core, handlers } = setup({ clock: t.clock, reminders })
    const pushed: Array<[EventName, unknown]> = []
    core.events.subscribe((name, payload) => pushed.push([name, payload]))

    const before = await dispatch(handlers, 'schedule:get', undefined)
    expect(before).toEqual({
      ok: true,
      value: { fetchedAt: saved.fetchedAt, offline: true, state: 'idle', programs: [] }
    })

    await reminders.start()
    expect(pushed).toHaveLength(1)
    const after = await dispatch(handlers, 'schedule:refresh', undefined)
    if (!after.ok) throw new Error(JSON.stringify(after.error))
    const view = ScheduleView.parse(after.value)
    expect(view).toMatchObject({ offline: false, state: 'ok', fetchedAt: new Date(t.clock.now()).toISOString() })
    expect(view.programs.length).toBeGreaterThan(3)
    expect(pushed).toHaveLength(2)
    expect(pushed[1]).toEqual(['schedule:changed', view])
    reminders.stop()
  })
})
