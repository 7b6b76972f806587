import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dispatch } from '../../../src/main/core/ipc/handlers'
import { startEmulator, type Emulator } from '../../emulator'
import { setup } from '../app/helpers'
import { inboxRig } from './helpers'

describe('inbox IPC', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
  })
  afterAll(() => emu.close())

  it('refreshes, lists, marks seen, and pushes inbox:changed with the unseen count', async () => {
    const { inbox } = inboxRig(emu)
    const { core, handlers } = setup({ inbox })
    const pushed: unknown[] = []
    core.events.subscribe((name, payload) => name === 'inbox:changed' && pushed.push(payload))
    const refreshed = await dispatch(handlers, 'inbox:refresh', { unreadOnly: true })
    expect(refreshed.ok).toBe(true)
    const view = (refreshed as { value: { items: { key: string }[]; unseenCount: number } }).value
    expect(view.items.length).toBe(view.unseenCount)
    expect(await dispatch(handlers, 'inbox:markSeen', { keys: [view.items[0]!.key] })).toEqual({
      ok: true,
      value: { unseenCount: view.unseenCount - 1 }
    })
    expect(await dispatch(handlers, 'inbox:markAllSeen', undefined)).toEqual({ ok: true, value: { unseenCount: 0 } })
    expect(pushed.at(-1)).toEqual({ unseenCount: 0 })
    expect(await dispatch(handlers, 'inbox:webhookInfo', undefined)).toEqual({ ok: true, value: { enabled: false } })
  })

  it('refuses article refs that could reach another endpoint', async () => {
    const { handlers } = setup({ inbox: inboxRig(emu).inbox })
    expect(
      await dispatch(handlers, 'inbox:article', { userName: '../admin', timestampId: '20240115093000' })
    ).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(
      await dispatch(handlers, 'inbox:article', { userName: 'hikari', timestampId: '20240115093000' })
    ).toMatchObject({ ok: true, value: { title: 'Review: Frieren episode 12' } })
  })

  it('asks for images only by https address, at most 100 at a time, and answers in order', async () => {
    const { handlers } = setup({ inbox: inboxRig(emu).inbox })
    for (const urls of [['http://tracker.example/p.png'], ['javascript:alert(1)'], ['/relative.png']])
      expect(await dispatch(handlers, 'inbox:images', { urls, asked: true })).toMatchObject({
        ok: false,
        error: { code: 'invalid-input' }
      })
    const many = Array.from({ length: 101 }, (_, i) => `https://images.example/${i}.png`)
    expect(await dispatch(handlers, 'inbox:images', { urls: many, asked: true })).toMatchObject({ ok: false })
    // This inbox has no image loader (as in the command line): every answer is "not shown".
    expect(await dispatch(handlers, 'inbox:images', { urls: many.slice(0, 2), asked: true })).toEqual({
      ok: true,
      value: [null, null]
    })
  })
})
