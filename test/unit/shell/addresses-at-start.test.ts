import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { shellPerTest } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()
const settings = (services: Record<string, string>) => JSON.stringify({ services: { clientId: 'id', ...services } })
const session = (mediaUrl: string) =>
  JSON.stringify({
    session: { mediaUrl, clientId: 'id', user: { id: 1, username: null, name: null }, scopes: ['read'], signedInAt: 0 }
  })

describe('service addresses the app finds at start', () => {
  it('refuses a saved remote http:// address with a message, and leaves the file as it was', async () => {
    const saved = settings({ mediaUrl: 'http://media.example' })
    const s = await run.start({ files: { 'settings.json': saved } })
    const bodies = s.notifications().map((n) => n.body)
    expect(bodies).toContainEqual(
      expect.stringContaining('The saved media service address (services.mediaUrl) is refused')
    )
    expect(await s.invoke('auth:status')).toMatchObject({ value: { configured: false, signedIn: false } })
    expect(readFileSync(join(s.dataDir, 'settings.json'), 'utf8')).toBe(saved)
  })

  it('says "signed out: the service address changed" when settings.json now names another address', async () => {
    for (const [locale, says] of [
      ['en', 'Signed out: the service address changed'],
      ['ja', 'サインアウトしました: サービスのアドレスが変わりました']
    ] as const) {
      const s = await run.start({
        files: {
          'settings.json': JSON.stringify({
            ui: { locale },
            services: { mediaUrl: 'https://elsewhere.example', clientId: 'id' }
          })
        },
        documents: { session: session('https://media.example') }
      })
      expect(s.notifications().map((n) => n.body)).toContainEqual(expect.stringContaining(says))
    }
  })
})
