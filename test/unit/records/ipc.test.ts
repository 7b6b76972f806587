import { afterEach, describe, expect, it } from 'vitest'
import { dispatch } from '../../../src/main/core/ipc/handlers'
import { createWorksView } from '../../../src/main/core/records/works'
import { USER_ID, type Emulator } from '../../emulator'
import { setup as coreSetup } from '../app/helpers'
import { outboxHarness, PROGRAM_9 } from './harness'

/** The records commands through `dispatch`, bound to a real outbox over the emulator. */
let emu: Emulator | undefined
afterEach(async () => {
  await emu?.close()
  emu = undefined
})

async function setup() {
  const h = await outboxHarness()
  emu = h.emu
  const outbox = h.open()
  const works = createWorksView(() => h.client)
  const { core, handlers } = coreSetup({ clock: h.clock, records: { outbox, works } })
  const events: Array<{ name: string; payload: unknown }> = []
  core.events.subscribe((name, payload) => events.push({ name, payload }))
  const call = (name: string, input?: unknown) => dispatch(handlers, name, input)
  return { ...h, outbox, call, events }
}

describe('records over IPC', () => {
  it('record:create → outbox:changed events → one record; record:undo after sending deletes it', async () => {
    const t = await setup()
    const created = await t.call('record:create', { ...PROGRAM_9, comment: 'ok', rating: 3.5 })
    expect(created).toMatchObject({ ok: true, value: { kind: 'record', state: 'waiting' } })
    await t.advance(t.outbox, 10_000)
    expect(t.recordsOf(301)).toHaveLength(1)
    const states = t.events
      .filter((e) => e.name === 'outbox:changed')
      .map((e) => (e.payload as { entries: Array<{ state: string }> }).entries[0]?.state)
    // Twice `sending`: claimed, then its baseline written before the request left.
    expect(states).toEqual(['waiting', 'sending', 'sending', 'sent'])
    const id = (created as { value: { id: string } }).value.id
    expect(await t.call('record:delete', { id })).toEqual({ ok: true, value: { outcome: 'delete-queued' } })
    await t.outbox.idle()
    expect(t.recordsOf(301)).toHaveLength(0)
  })

  it('refuses a rating off the half steps and an unknown id, with user errors', async () => {
    const t = await setup()
    expect(await t.call('record:create', { episodeId: 301, rating: 4.3 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' }
    })
    expect(await t.call('outbox:retry', { id: crypto.randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'not-found' }
    })
  })

  it('status:set answers the previous kind seen by works:list; a failure pushes status:rollback', async () => {
    const t = await setup()
    await t.call('works:list', { status: 'wanna_watch' })
    t.session.token = t.emu.tokens.read
    expect(await t.call('status:set', { workId: 3, kind: 'watching' })).toMatchObject({
      ok: true,
      value: { previous: 'wanna_watch' }
    })
    await t.outbox.idle()
    expect(t.events.find((e) => e.name === 'status:rollback')?.payload).toMatchObject({
      workId: 3,
      attempted: 'watching',
      previous: 'wanna_watch'
    })
    expect(t.emu.media.statusOf(USER_ID, 3)).toBe('wanna_watch')
  })

  // The user holds a status on 8 seeded works (1–8); 9 and 10 have none, so they are not listed.
  it('works:list filters, sorts and pages', async () => {
    const t = await setup()
    const all = await t.call('works:list', { perPage: 25, sort: { by: 'id', order: 'asc' } })
    expect(all).toMatchObject({ ok: true, value: { page: 1, totalCount: 8, hasNext: false } })
    const titled = await t.call('works:list', { title: 'harbor' })
    expect((titled as { value: { works: Array<{ id: number }> } }).value.works.map((w) => w.id)).toEqual([5])
    const byWatchers = await t.call('works:list', { status: 'watching', sort: { by: 'watchers', order: 'desc' } })
    expect((byWatchers as { value: { works: Array<{ id: number }> } }).value.works.map((w) => w.id)).toEqual([1, 2, 8])
    expect(await t.call('works:list', { season: '2026-fall' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' }
    })
    expect(await t.call('works:list', { perPage: 10 })).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
  })

  it('works:list pages through 25 at a time', async () => {
    const t = await setup()
    for (let id = 200; id < 230; id++) {
      t.emu.media.works.push({ ...t.emu.media.works[0]!, id, title: `Extra ${id}` })
      t.emu.media.setStatus(USER_ID, id, 'watching', 0)
    }
    const first = await t.call('works:list', { page: 1 })
    expect(first).toMatchObject({ ok: true, value: { page: 1, totalCount: 38, hasNext: true } })
    expect((first as { value: { works: unknown[] } }).value.works).toHaveLength(25)
    const second = await t.call('works:list', { page: 2, perPage: 25 })
    expect(second).toMatchObject({ ok: true, value: { page: 2, hasNext: false } })
    expect((second as { value: { works: unknown[] } }).value.works).toHaveLength(13)
  })

  it('before any service is set up: an empty outbox, not an error', async () => {
    const { handlers } = coreSetup()
    expect(await dispatch(handlers, 'outbox:list', undefined)).toEqual({ ok: true, value: { entries: [], recent: [] } })
  })
})
