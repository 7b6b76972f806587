import { request } from 'node:http'
import { createServer, type Server } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { SIGN_IN_TIMEOUT_MS } from '../../../src/main/core/auth/loopback'
import { redirectTarget, rejection, testSession, visit } from './helpers'

describe('loopback sign-in against the emulator (auto-approve)', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, autoApprove: true })
  })
  afterAll(() => emu.close())

  it('signs in end to end: state and PKCE sent, token saved, identity and scopes known', async () => {
    const t = testSession(emu)
    const { url, done } = await t.session.startBrowserSignIn()
    expect(t.opened).toEqual([url])
    const u = new URL(url)
    expect(u.searchParams.get('scope')).toBe('read write')
    expect(u.searchParams.get('code_challenge_method')).toBe('S256')
    expect(u.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(u.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)

    const page = await visit(url)
    const info = await done
    expect(page.status).toBe(200)
    expect(page.body).toContain('return to Onair')
    expect(info).toMatchObject({
      user: { id: 1, username: null, name: null },
      scopes: ['read', 'write'],
      canWrite: true
    })
    expect(t.secrets.get('mediaAccessToken')?.value).toMatch(/./)
    expect(t.session.info()?.user.id).toBe(1)
    expect(t.session.monitor.state()).toBe('signed-in')
    // One-shot: the server is gone once the flow ended.
    await expect(fetch(page.callbackUrl!)).rejects.toThrow()
  })

  it('answers in Japanese when the user reads Japanese', async () => {
    const t = testSession(emu, { locale: () => 'ja' })
    const { url, done } = await t.session.startBrowserSignIn()
    const page = await visit(url)
    await done
    expect(page.body).toContain('Onair に戻って')
    expect(page.body).toContain('lang="ja"')
  })

  it('ignores (404) a callback with a wrong or missing state: it neither ends nor cancels the sign-in', async () => {
    const t = testSession(emu)
    const { url, done } = await t.session.startBrowserSignIn()
    const real = await redirectTarget(url)
    const forged = new URL(real)
    forged.searchParams.set('state', 'forged<script>alert(1)</script>')
    forged.searchParams.set('error', 'access_denied')
    const noState = new URL(real)
    noState.searchParams.delete('state')
    for (const attempt of [forged, noState]) {
      const res = await fetch(attempt)
      expect(res.status, attempt.search).toBe(404)
      expect(await res.text()).not.toContain('<script>')
    }
    expect(t.secrets.get('mediaAccessToken')?.value).toBeUndefined()
    // The real redirect still finishes the flow.
    expect((await fetch(real)).status).toBe(200)
    expect((await done).canWrite).toBe(true)
  })

  it('answers 400 to a Host other than 127.0.0.1 or localhost with its port, and stays open', async () => {
    const t = testSession(emu)
    const { url, done } = await t.session.startBrowserSignIn()
    const real = new URL(await redirectTarget(url))
    const get = (host: string | undefined) =>
      new Promise<number>((resolve, reject) => {
        const headers: Record<string, string> = host === undefined ? {} : { host }
        const req = request(
          { host: '127.0.0.1', port: real.port, path: real.pathname + real.search, headers },
          (res) => {
            res.resume()
            resolve(res.statusCode ?? 0)
          }
        )
        req.on('error', reject)
        if (host === undefined) req.removeHeader('host')
        req.end()
      })
    for (const host of [
      'evil.example',
      `evil.example:${real.port}`,
      '127.0.0.1',
      `127.0.0.1:${Number(real.port) + 1}`,
      undefined
    ])
      expect(await get(host), String(host)).toBe(400)
    expect(t.secrets.get('mediaAccessToken')?.value).toBeUndefined()
    // The browser's own redirect (here through the name localhost) still signs in.
    expect(await get(`LOCALHOST:${real.port}`)).toBe(200)
    expect((await done).canWrite).toBe(true)
  })

  it('ignores a replayed callback from an earlier flow, and a second hit of a finished one finds no server', async () => {
    const t = testSession(emu)
    const first = await t.session.startBrowserSignIn()
    const firstCallback = await redirectTarget(first.url)
    await fetch(firstCallback).then((r) => r.text())
    await first.done
    expect((await fetch(firstCallback).catch(() => undefined))?.status).toBeUndefined()

    // Replaying the first callback's query (code + state) at the next flow's server.
    const second = await t.session.startBrowserSignIn()
    const replay = new URL(firstCallback)
    replay.port = new URL(new URL(second.url).searchParams.get('redirect_uri')!).port
    expect((await fetch(replay)).status).toBe(404)
    expect((await fetch(await redirectTarget(second.url))).status).toBe(200)
    expect((await second.done).canWrite).toBe(true)
  })

  it('refuses a second hit of the same callback while the first is still being exchanged', async () => {
    const t = testSession(emu)
    const { url, done } = await t.session.startBrowserSignIn()
    const callback = await redirectTarget(url)
    const [a, b] = await Promise.all([fetch(callback), fetch(callback)])
    expect([a.status, b.status].sort()).toEqual([200, 400])
    // Never two exchanges, and the duplicate does not spoil the real sign-in.
    expect((await done).canWrite).toBe(true)
  })

  it('times out after 5 minutes of the injected clock and closes the port', async () => {
    const t = testSession(emu)
    const { url, done } = await t.session.startBrowserSignIn()
    t.clock.advance(SIGN_IN_TIMEOUT_MS - 1)
    t.clock.advance(1)
    expect((await rejection(done)).code).toBe('timeout')
    const callback = await redirectTarget(url)
    await expect(fetch(callback)).rejects.toThrow()
    expect(t.clock.pending()).toBe(0)
  })

  it('cancels a pending sign-in when a new one starts, and the new one still works', async () => {
    const t = testSession(emu)
    const first = await t.session.startBrowserSignIn()
    const second = await t.session.startBrowserSignIn()
    expect((await rejection(first.done)).code).toBe('cancelled')
    await visit(second.url)
    expect((await second.done).canWrite).toBe(true)
  })

  it('reports a busy fixed port as port_in_use instead of hanging', async () => {
    const blocker: Server = createServer()
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r))
    const port = (blocker.address() as { port: number }).port
    try {
      const t = testSession(emu, { redirectPort: port })
      const e = await rejection(t.session.startBrowserSignIn())
      expect(e.code).toBe('port_in_use')
      expect(e.userMessage.en).toContain('port')
      expect(t.opened).toEqual([])
    } finally {
      blocker.close()
    }
  })

  it('fails with exchange_failed when the client secret is wrong, after telling the browser', async () => {
    const t = testSession(emu, { clientSecret: () => 'not-the-secret' })
    const { url, done } = await t.session.startBrowserSignIn()
    const page = await visit(url)
    expect(page.status).toBe(502)
    expect((await rejection(done)).code).toBe('exchange_failed')
    expect(t.secrets.get('mediaAccessToken')?.value).toBeUndefined()
  })

  it('refuses to start without a client secret', async () => {
    const t = testSession(emu, { clientSecret: () => undefined })
    expect((await rejection(t.session.startBrowserSignIn())).code).toBe('not_configured')
  })
})

describe('loopback sign-in with the consent page', () => {
  let emu: Emulator
  // Each test its own service: once approved, Doorkeeper asks no more for the same scopes.
  beforeEach(async () => {
    emu = await startEmulator({ port: 0 })
  })
  afterEach(() => emu.close())

  it('approving signs in', async () => {
    const t = testSession(emu)
    const { url, done } = await t.session.startBrowserSignIn()
    await visit(url, 'approve')
    expect((await done).user.id).toBe(1)
  })

  it('denying fails with `denied` and the browser is told', async () => {
    const t = testSession(emu)
    const { url, done } = await t.session.startBrowserSignIn()
    const page = await visit(url, 'deny')
    expect(page.status).toBe(400)
    expect(page.body).toContain('Sign-in cancelled')
    const e = await rejection(done)
    expect(e.code).toBe('denied')
    expect(t.secrets.get('mediaAccessToken')?.value).toBeUndefined()
  })
})
