import { describe, expect, it } from 'vitest'
import { dispatch } from '../../../src/main/core/ipc/handlers'
import { setup } from './helpers'

describe('app:openExternal', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.test/',
    'onair://settings',
    'https:',
    '//example.test/',
    'not a url',
    `https://example.test/${'a'.repeat(3000)}`
  ])('rejects %s without opening anything', async (url) => {
    const { handlers, opened } = setup()
    const reply = await dispatch(handlers, 'app:openExternal', { url })
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(opened).toEqual([])
  })

  it.each(['https://anime.example.test/works/1?x=1#ep', 'http://localhost:8080/'])(
    'passes %s to the injected opener',
    async (url) => {
      const { handlers, opened } = setup()
      expect(await dispatch(handlers, 'app:openExternal', { url })).toEqual({
        ok: true,
        value: undefined
      })
      expect(opened).toEqual([url])
    }
  )

  it('is also refused by the core itself, for callers that bypass IPC', async () => {
    const { core, opened } = setup()
    await expect(core.openExternal('javascript:alert(1)')).rejects.toMatchObject({
      userError: { code: 'unsafe-url' }
    })
    expect(opened).toEqual([])
  })

  it('reports an opener failure as a UserError', async () => {
    const { handlers } = setup({
      openExternal: async () => {
        throw new Error('no browser')
      }
    })
    const reply = await dispatch(handlers, 'app:openExternal', { url: 'https://a.test/' })
    expect(reply).toMatchObject({ ok: false, error: { code: 'internal' } })
  })
})
