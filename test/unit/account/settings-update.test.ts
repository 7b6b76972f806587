import { describe, expect, it } from 'vitest'
import { dispatch } from '../../../src/main/core/ipc/handlers'
import { memoryStore } from '../../../src/main/core/store/document'
import { defaultSettings, type Settings } from '../../../src/shared/settings'
import type { Reply } from '../../../src/shared/contract'
import { setup } from '../app/helpers'

/** A core with settings but no account: the settings view works before any sign-in. */
function settingsCore(extra: { settled?: () => Promise<void> } = {}) {
  const store = memoryStore<Settings>(defaultSettings())
  const { handlers } = setup({ settings: Object.assign(store, extra) })
  return { store, update: (patch: unknown) => dispatch(handlers, 'settings:update', patch), handlers }
}

const errorOf = (reply: Reply) => (reply.ok ? undefined : reply.error)

describe('settings:update validation', () => {
  it('is served without an account', async () => {
    const { handlers } = settingsCore()
    expect(await dispatch(handlers, 'settings:get', undefined)).toMatchObject({
      ok: true,
      value: { poll: { cron: '*/10 * * * *' } }
    })
  })

  it('rejects a cron expression the scheduler would not run, in both languages, naming the section', async () => {
    const { store, update } = settingsCore()
    const poll = errorOf(await update({ poll: { cron: 'every ten minutes' } }))
    expect(poll?.code).toBe('invalid-cron-poll')
    expect(poll?.message.en).toContain('not a valid cron expression')
    expect(poll?.message.ja).toContain('正しい cron 式ではありません')
    expect(errorOf(await update({ inbox: { cron: '' } }))?.code).toBe('invalid-cron-inbox')
    // Six fields with a seconds list: more than once a minute.
    expect(errorOf(await update({ inbox: { cron: '*/10 * * * * *' } }))?.message.en).toContain(
      'more than once a minute'
    )
    expect(errorOf(await update({ poll: { cron: 5 } }))?.code).toBe('invalid-cron-poll')
    expect(store.read()).toEqual(defaultSettings())
  })

  it('saves a valid expression and merges a section field by field', async () => {
    const { store, update } = settingsCore()
    expect((await update({ poll: { cron: '*/15 * * * *' }, reminders: { leadMinutes: [0, 30, 30] } })).ok).toBe(true)
    expect(await update({ reminders: { quietHours: { enabled: true, start: '22:00', end: '06:30' } } })).toMatchObject({
      ok: true
    })
    const saved = store.read()
    expect(saved.poll).toEqual({ ...defaultSettings().poll, cron: '*/15 * * * *' })
    expect(saved.reminders).toMatchObject({
      leadMinutes: [30, 0],
      quietHours: { enabled: true, start: '22:00', end: '06:30' },
      graceMinutes: 15
    })
  })

  it('rejects out-of-range values and keeps the document', async () => {
    const { store, update } = settingsCore()
    for (const patch of [
      { reminders: { leadMinutes: [1441] } },
      { reminders: { quietHours: { enabled: true, start: '25:00', end: '07:00' } } },
      { inbox: { webhook: { enabled: true, port: 70000 } } }
    ]) {
      expect(errorOf(await update(patch))?.code).toBe('invalid-settings')
    }
    expect(store.read()).toEqual(defaultSettings())
  })

  it('answers after the store applied the write (the receiver is up before webhookInfo is asked)', async () => {
    let applied = false
    const { update } = settingsCore({
      settled: () => new Promise<void>((done) => setTimeout(() => ((applied = true), done()), 5))
    })
    await update({ inbox: { webhook: { enabled: true, port: 0 } } })
    expect(applied).toBe(true)
  })
})
