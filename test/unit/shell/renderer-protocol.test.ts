import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../../../src/shared/csp'
import { protocol } from './electron-double'
import { shellPerTest, type Shell } from './harness'

vi.mock('electron', () => import('./electron-double').then((m) => m.electronModule))

const run = shellPerTest()

/** A built renderer in the app folder, and files beside it that a page must never read. */
function plantFiles(s: Shell) {
  const root = join(s.appPath, 'out/renderer')
  mkdirSync(join(root, 'assets'), { recursive: true })
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Onair</title>')
  writeFileSync(join(root, 'assets/index.js'), 'console.log(1)')
  writeFileSync(join(s.appPath, 'secret.txt'), 'SECRET-OUTSIDE')
  mkdirSync(join(s.appPath, 'out/renderer-evil'), { recursive: true })
  writeFileSync(join(s.appPath, 'out/renderer-evil/x.js'), 'SECRET-SIBLING')
  writeFileSync(join(s.folder, 'data-secret.json'), 'SECRET-DATA')
  symlinkSync(join(s.appPath, 'secret.txt'), join(root, 'assets/link.js'))
}

describe('the renderer from app://onair/', () => {
  it('registers the scheme before ready as standard, secure and fetchable, and loads the window from it', async () => {
    const s = await run.start({ packaged: true })
    expect(protocol.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }
    ])
    expect(protocol.isProtocolHandled('app')).toBe(true)
    expect(s.window().loaded).toEqual([{ url: 'app://onair/index.html' }])
  })

  it('serves the files of out/renderer, with the CSP as a header', async () => {
    const s = await run.start({ packaged: true })
    plantFiles(s)
    for (const url of ['app://onair/index.html', 'app://onair/', 'app://ONAIR/index.html']) {
      const page = await protocol.get(url)
      expect([page.status, page.headers.get('content-type'), await page.text()], url).toEqual([
        200,
        'text/html; charset=utf-8',
        '<!doctype html><title>Onair</title>'
      ])
      expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    }
    const script = await protocol.get('app://onair/assets/index.js')
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8'])
  })

  it.each([
    'app://onair/../secret.txt',
    'app://onair/%2e%2e/secret.txt',
    'app://onair/%2e%2e%2fsecret.txt',
    'app://onair/assets/..%2f..%2f..%2fsecret.txt',
    'app://onair/..%5c..%5csecret.txt',
    'app://onair/%2e%2e%5c%2e%2e%5csecret.txt',
    'app://onair/..\\..\\secret.txt',
    'app://onair/%2e%2e%2frenderer-evil%2fx.js',
    'app://onair/%2e%2e%2f%2e%2e%2f%2e%2e%2fdata-secret.json',
    'app://onair/%2Fetc%2Fpasswd',
    'app://onair//etc/passwd',
    'app://onair/assets/link.js',
    'app://onair/assets',
    'app://onair/index.html%00.js',
    'app://onair/%E0%A4%A',
    'app://onair/missing.js',
    'app://other/index.html'
  ])('answers 404 for %s, never a file outside out/renderer', async (url) => {
    const s = await run.start({ packaged: true })
    plantFiles(s)
    const answer = await protocol.get(url)
    expect(answer.status).toBe(404)
    expect(await answer.text()).not.toMatch(/SECRET|root:/)
  })
})
