import { describe, expect, it, vi } from 'vitest'
import { dispatch } from '../../../src/main/core/ipc/handlers'
import { UserErrorException } from '../../../src/main/core/user-error'
import { UserError } from '../../../src/shared/contract'
import { setup } from './helpers'

function expectUserError(reply: Awaited<ReturnType<typeof dispatch>>, code: string): void {
  expect(reply.ok).toBe(false)
  if (reply.ok) return
  expect(UserError.parse(reply.error)).toEqual(reply.error)
  expect(reply.error.code).toBe(code)
  expect(reply.error.message.en).not.toBe('')
  expect(reply.error.message.ja).not.toBe('')
}

describe('dispatch', () => {
  it.each([['app:nope'], ['__proto__'], ['toString'], [42], [null], [undefined]])(
    'rejects the unknown command %j with a UserError',
    async (name) => {
      const { handlers } = setup()
      expectUserError(await dispatch(handlers, name, undefined), 'unknown-command')
    }
  )

  it.each([[{}], ['x'], [null], [{ url: 'https://a.test', extra: 1 }]])(
    'rejects invalid input %j without calling the handler',
    async (input) => {
      const { handlers } = setup()
      const spy = vi.spyOn(handlers, 'app:info')
      const spyOpen = vi.spyOn(handlers, 'app:openExternal')
      expectUserError(await dispatch(handlers, 'app:info', input), 'invalid-input')
      expectUserError(await dispatch(handlers, 'app:openExternal', input), 'invalid-input')
      expect(spy).not.toHaveBeenCalled()
      expect(spyOpen).not.toHaveBeenCalled()
    }
  )

  it('accepts valid input and returns the parsed output', async () => {
    const { handlers } = setup()
    expect(await dispatch(handlers, 'app:info', undefined)).toEqual({
      ok: true,
      value: { name: 'Onair', version: '1.2.3', platform: 'linux', locale: 'ja-JP' }
    })
  })

  it('refuses output that does not match the schema and reports it', async () => {
    const { handlers } = setup()
    const report = vi.fn()
    const broken = { ...handlers, 'app:info': async () => ({ version: '' }) as never }
    expectUserError(await dispatch(broken, 'app:info', undefined, report), 'internal')
    expect(report).toHaveBeenCalledOnce()
  })

  it('strips nothing silently: extra output keys are a contract violation', async () => {
    const { handlers } = setup()
    const info = await handlers['app:info'](undefined)
    const leaky = { ...handlers, 'app:info': async () => ({ ...info, token: 'secret' }) }
    expectUserError(await dispatch(leaky, 'app:info', undefined), 'internal')
  })

  it('passes a thrown UserErrorException through as data, unreported', async () => {
    const { handlers } = setup()
    const report = vi.fn()
    const failing = {
      ...handlers,
      'app:info': async () => {
        throw new UserErrorException('offline', { en: 'Offline', ja: 'オフライン' }, 'retry')
      }
    }
    expect(await dispatch(failing, 'app:info', undefined, report)).toEqual({
      ok: false,
      error: { code: 'offline', message: { en: 'Offline', ja: 'オフライン' }, action: 'retry' }
    })
    expect(report).not.toHaveBeenCalled()
  })

  it('a write the file system refused reaches the window as a message naming the file', async () => {
    const { handlers } = setup()
    const full = Object.assign(new Error('ENOSPC'), { code: 'ENOSPC', path: '/data/settings.json' })
    const failing = { ...handlers, 'app:info': async () => Promise.reject(full) }
    const reply = await dispatch(failing, 'app:info', undefined)
    expectUserError(reply, 'file')
    expect(reply).toMatchObject({ error: { message: { en: expect.stringContaining('/data/settings.json') } } })
    expect(reply).toMatchObject({ error: { message: { ja: expect.stringContaining('ディスクがいっぱい') } } })
  })

  it('turns an unexpected throw into an internal UserError and reports it', async () => {
    const { handlers } = setup()
    const report = vi.fn()
    const failing = {
      ...handlers,
      'app:info': async () => {
        throw new Error('disk on fire')
      }
    }
    const reply = await dispatch(failing, 'app:info', undefined, report)
    expectUserError(reply, 'internal')
    expect(JSON.stringify(reply)).not.toContain('disk on fire')
    expect(report).toHaveBeenCalledWith(expect.any(Error), 'app:info')
  })
})
