import { afterEach, describe, expect, it } from 'vitest'
import { createSessionMonitor } from '../../../src/main/core/auth/monitor'
import { openCatchUp } from '../../../src/main/core/catch-up'
import { dispatch } from '../../../src/main/core/ipc/handlers'
import { openRecords } from '../../../src/main/core/records'
import { watchedRecord } from '../../../src/shared/watched-record'
import { CatchUpView, type EventName } from '../../../src/shared/contract'
import { defaultSettings } from '../../../src/shared/settings'
import type { Emulator } from '../../emulator'
import { tempDir } from '../../support/temp-dir'
import { setup } from '../app/helpers'
import { emulated } from '../media/emulated'

describe('catch-up IPC', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  it('get before any refresh, refresh, a record in the outbox and its undo, each pushed; signing out forgets the list', async () => {
    const t = await emulated({})
    emu = t.emu
    const dataDir = tempDir('onair-catch-up-ipc-')
    const monitor = createSessionMonitor('signed-in')
    const records = openRecords({ dataDir, media: () => t.client, monitor, clock: t.clock })
    const catchUp = openCatchUp({
      dataDir,
      clock: t.clock,
      media: () => t.client,
      monitor,
      settings: defaultSettings,
      outbox: records.outbox
    })
    const stop = catchUp.follow()
    const { core, handlers } = setup({ clock: t.clock, records, catchUp })
    const pushed: Array<[EventName, unknown]> = []
    core.events.subscribe((name, payload) => pushed.push([name, payload]))
    const episodes = (v: unknown) => CatchUpView.parse(v).programs.map((p) => p.episode?.id)
    const lastPushed = () => pushed.filter(([name]) => name === 'catchup:changed').at(-1)?.[1]
    const got = async () => {
      const r = await dispatch(handlers, 'catchup:get', undefined)
      if (!r.ok) throw new Error(JSON.stringify(r.error))
      return r.value
    }

    expect(await dispatch(handlers, 'catchup:get', undefined)).toEqual({
      ok: true,
      value: { fetchedAt: null, days: 7, state: 'idle', programs: [] }
    })
    const fresh = await dispatch(handlers, 'catchup:refresh', undefined)
    if (!fresh.ok) throw new Error(JSON.stringify(fresh.error))
    expect(fresh.value).toMatchObject({ state: 'ok', fetchedAt: new Date(t.clock.now()).toISOString(), days: 7 })
    expect(episodes(fresh.value)).toEqual([103, 203, 202])
    expect(pushed).toEqual([['catchup:changed', fresh.value]])

    // Watched on the newest: off the list at once, before anything is sent; undone, back.
    const program = CatchUpView.parse(fresh.value).programs[0]!
    const entry = await dispatch(handlers, 'record:create', watchedRecord(program)!)
    if (!entry.ok) throw new Error(JSON.stringify(entry.error))
    expect(episodes(await got())).toEqual([203, 202])
    expect(episodes(lastPushed())).toEqual([203, 202])
    await dispatch(handlers, 'record:undo', { id: (entry.value as { id: string }).id })
    expect(episodes(lastPushed())).toEqual([103, 203, 202])

    // Offline: the saved list stays, the state says why.
    await t.emu.suspend()
    const offline = await dispatch(handlers, 'catchup:refresh', undefined)
    if (!offline.ok) throw new Error(JSON.stringify(offline.error))
    expect(offline.value).toMatchObject({ state: 'offline', error: { en: expect.any(String), ja: expect.any(String) } })
    expect(episodes(offline.value)).toEqual([103, 203, 202])

    catchUp.reset()
    expect(await dispatch(handlers, 'catchup:get', undefined)).toEqual({
      ok: true,
      value: { fetchedAt: null, days: 7, state: 'idle', programs: [] }
    })
    stop()
    records.outbox.stop()
  })
})
