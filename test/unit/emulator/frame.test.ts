import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { call, manualNow } from './helpers'

describe('frame', () => {
  const clock = manualNow()
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ quirks: true, now: clock.now })
  })
  afterAll(() => emu.close())

  it('binds to 127.0.0.1 and routes /api/v1 to the wiki', async () => {
    expect(emu.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    clock.advance(5000)
    const r = await call(emu, '/api/v1/notifications', { token: emu.tokens.wiki })
    expect(r.status).toBe(200)
    expect(Array.isArray(r.json)).toBe(true)
    expect(emu.wiki.token).toBe(emu.tokens.wiki)
  })

  it('rate limit (quirks default): the 5th request within a second is 429, plain text, no Retry-After', async () => {
    clock.advance(5000)
    for (let i = 0; i < 4; i++) expect((await call(emu, '/v1/works')).status).toBe(200)
    const r = await call(emu, '/v1/works')
    expect(r.status).toBe(429)
    expect(r.headers.get('content-type')).toMatch(/text\/plain/)
    expect(r.headers.get('retry-after')).toBeNull()
    // Another token has its own budget; the wiki is not limited.
    expect((await call(emu, '/v1/works', { token: emu.tokens.otherUser })).status).toBe(200)
    expect((await call(emu, '/api/v1/notifications', { token: emu.tokens.wiki })).status).toBe(200)
    clock.advance(1001)
    expect((await call(emu, '/v1/works')).status).toBe(200)
  })

  it('logs every request with method, path, query, status and bytes', async () => {
    clock.advance(5000)
    await call(emu, '/v1/me/works?per_page=1')
    expect(emu.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/me/works',
      query: 'per_page=1',
      status: 200,
      at: clock.now()
    })
    expect(emu.requests.at(-1)?.bytes).toBeGreaterThan(10)
  })

  it('suspend refuses connections and resume serves the same state on the same port', async () => {
    clock.advance(5000)
    const id = (
      await call(emu, '/v1/me/records', { method: 'POST', form: { episode_id: '302', comment: 'before suspend' } })
    ).json.id as number
    const url = emu.baseUrl
    await emu.suspend()
    await expect(fetch(`${url}/v1/works`)).rejects.toThrow()
    await emu.resume()
    expect(emu.baseUrl).toBe(url)
    clock.advance(5000)
    const r = await call(emu, '/v1/me/records/' + id, { method: 'PATCH', form: { comment: 'after resume' } })
    expect(r.status).toBe(200)
    expect(r.json.comment).toBe('after resume')
  })
})

describe('cli', () => {
  it('prints one JSON line first, serves it, and exits on SIGTERM', async () => {
    let baseUrl = ''
    // tsx itself rather than `npx tsx`: npm exec does not pass SIGTERM on, so the emulator would
    // outlive the test and the exit code would be npm's, not the CLI's. Own process group so the
    // finally block can never leave an orphan behind.
    const child = spawn('node_modules/.bin/tsx', ['test/emulator/cli.ts', '--port', '0', '--quirks'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true
    })
    try {
      const first = await new Promise<string>((resolve, reject) => {
        const rl = createInterface({ input: child.stdout })
        rl.once('line', resolve)
        child.once('exit', (code) => reject(new Error(`cli exited early (${code})`)))
      })
      const info = JSON.parse(first)
      baseUrl = info.baseUrl
      expect(info).toMatchObject({
        baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        client: { id: expect.any(String), secret: expect.any(String) }
      })
      expect(info.client.redirectUris).toEqual(
        expect.arrayContaining(['http://127.0.0.1/callback', 'urn:ietf:wg:oauth:2.0:oob'])
      )
      expect(Object.keys(info.tokens).sort()).toEqual(['read', 'readWrite', 'wiki'])
      const r = await fetch(`${info.baseUrl}/v1/me/works`, {
        headers: { authorization: `Bearer ${info.tokens.readWrite}` }
      })
      expect(r.status).toBe(200)
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      child.kill('SIGTERM')
      const guard = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5000)
      exited.finally(() => clearTimeout(guard))
      // A clean exit: status 0, and the emulator behind npx no longer listens.
      expect(await exited).toBe(0)
      if (baseUrl) await expect(fetch(`${baseUrl}/v1/works`)).rejects.toThrow()
    }
  })
})
