import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { systemClock } from '../../../src/main/core/clock'
import { AuthError } from '../../../src/main/core/auth/errors'
import type { SignedOutEvent } from '../../../src/main/core/auth/monitor'
import { createMediaClient } from '../../../src/main/core/media/client'
import { testSession } from './helpers'

async function authCode(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err
  )
  expect(e).toBeInstanceOf(AuthError)
  return (e as AuthError).code
}

describe('session against the emulator (documented field names)', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, autoApprove: true })
  })
  afterAll(() => emu.close())

  it('a pasted token is checked with token/info before it is saved', async () => {
    const t = testSession(emu)
    const info = await t.session.signInWithToken(`  ${emu.tokens.readWrite}\n`)
    expect(info).toEqual({
      user: { id: 1, username: null, name: null },
      scopes: ['read', 'write'],
      canWrite: true
    })
    expect(t.secrets.get('mediaAccessToken')?.value).toBe(emu.tokens.readWrite)

    const bad = testSession(emu)
    expect(await authCode(bad.session.signInWithToken('not-a-token'))).toBe('invalid_token')
    expect(await authCode(bad.session.signInWithToken('   '))).toBe('invalid_token')
    expect(bad.secrets.get('mediaAccessToken')?.value).toBeUndefined()
    expect(bad.session.info()).toBeNull()
  })

  it('a token without write: canWrite false, with an explanation and a sign-in-again action', async () => {
    const t = testSession(emu)
    const info = await t.session.signInWithToken(emu.tokens.read)
    expect(info.scopes).toEqual(['read'])
    expect(info.canWrite).toBe(false)
    expect(info.writeHint?.action).toBe('sign-in-with-write')
    expect(info.writeHint?.message.en).toMatch(/read only.*Sign in again/s)
    expect(info.writeHint?.message.ja).toContain('書き込み権限')
  })

  it('OOB: the page shows a code, pasting it signs in', async () => {
    const t = testSession(emu)
    const url = t.session.startOobSignIn()
    expect(new URL(url).searchParams.get('redirect_uri')).toBe('urn:ietf:wg:oauth:2.0:oob')
    const page = await (await fetch(url)).text()
    const code = /id="authorization-code">([^<]+)</.exec(page)?.[1]
    expect(code).toBeDefined()
    expect((await t.session.completeOobSignIn(` ${code!} `)).canWrite).toBe(true)
    // The code is single-use at the service, and the flow is over here.
    expect(await authCode(t.session.completeOobSignIn(code!))).toBe('cancelled')
  })

  it('OOB: a wrong code is exchange_failed and the flow may be retried with the right one', async () => {
    const t = testSession(emu)
    const url = t.session.startOobSignIn()
    expect(await authCode(t.session.completeOobSignIn('wrong-code'))).toBe('exchange_failed')
    const code = /id="authorization-code">([^<]+)</.exec(await (await fetch(url)).text())![1]!
    expect((await t.session.completeOobSignIn(code)).user.id).toBe(1)
  })

  it('learns username and name from a record of the same user, never from another user', async () => {
    const t = testSession(emu)
    await t.session.signInWithToken(emu.tokens.readWrite)
    t.session.rememberUser({ id: 2, username: 'kaze', name: 'Kaze' })
    expect(t.session.info()?.user).toEqual({ id: 1, username: null, name: null })
    t.session.rememberUser({ id: 1, username: 'hikari', name: 'Hikari' })
    expect(t.session.info()?.user).toEqual({ id: 1, username: 'hikari', name: 'Hikari' })
    // Signing in again as the same user keeps what was learnt.
    expect((await t.session.refresh()).user.username).toBe('hikari')
  })

  it('sign-out revokes the token at the service, forgets it and wipes personal data', async () => {
    const t = testSession(emu)
    const url = t.session.startOobSignIn()
    const code = /id="authorization-code">([^<]+)</.exec(await (await fetch(url)).text())![1]!
    await t.session.completeOobSignIn(code)
    const token = t.secrets.get('mediaAccessToken')!.value
    const result = await t.session.signOut()
    expect(result).toEqual({ revoked: true, message: { en: 'Signed out.', ja: 'サインアウトしました。' } })
    expect(t.secrets.get('mediaAccessToken')?.value).toBeUndefined()
    expect(t.session.info()).toBeNull()
    expect(t.wiped.count).toBe(1)
    expect(t.session.monitor.state()).toBe('signed-out')
    const probe = await fetch(`${emu.baseUrl}/oauth/token/info`, { headers: { authorization: `Bearer ${token}` } })
    expect(probe.status).toBe(401)
  })

  it('sign-out offline still forgets the token locally and says the service was not told', async () => {
    const t = testSession(emu)
    await t.session.signInWithToken(emu.tokens.otherUser)
    await emu.suspend()
    try {
      const result = await t.session.signOut()
      expect(result.revoked).toBe(false)
      expect(result.message.en).toContain('could not be told')
      expect(t.secrets.get('mediaAccessToken')?.value).toBeUndefined()
      expect(t.wiped.count).toBe(1)
    } finally {
      await emu.resume()
    }
  })

  it('sign-in is unreachable, not invalid, when the service cannot be reached', async () => {
    const t = testSession(emu)
    await emu.suspend()
    try {
      expect(await authCode(t.session.signInWithToken(emu.tokens.readWrite))).toBe('unreachable')
    } finally {
      await emu.resume()
    }
  })
})

describe('revoked token → signed-out, once', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, quirks: true, rateLimit: false })
  })
  afterAll(() => emu.close())

  it('accepts the live token/info field names (scope, expires_in)', async () => {
    const t = testSession(emu)
    expect((await t.session.signInWithToken(emu.tokens.read)).scopes).toEqual(['read'])
  })

  it('several failing requests fire the signed-out event exactly once; the token stays for the outbox to wait', async () => {
    const t = testSession(emu)
    await t.session.signInWithToken(emu.tokens.readWrite)
    const events: SignedOutEvent[] = []
    t.session.monitor.onSignedOut((e) => events.push(e))
    // The token is revoked behind Onair's back (on the service's web site, say).
    await t.deps.media.revoke({ clientId: emu.client.id, clientSecret: emu.client.secret, token: emu.tokens.readWrite })

    const api = createMediaClient({
      baseUrl: emu.baseUrl,
      token: () => t.session.accessToken(),
      clock: systemClock,
      retry: { maxAttempts: 1 },
      pacing: { limit: 10 }
    })
    const results = await Promise.allSettled([1, 2, 3].map(() => t.session.monitor.guard(() => api.listWorks())))
    expect(results.every((r) => r.status === 'rejected')).toBe(true)
    expect(events).toHaveLength(1)
    expect(events[0]!.reason.en).toContain('Sign in again')
    expect(t.session.monitor.state()).toBe('signed-out')
    expect(await authCode(t.session.refresh())).toBe('invalid_token')
    expect(events).toHaveLength(1)
    // Nothing was wiped: only a sign-out the user asked for does that.
    expect(t.wiped.count).toBe(0)

    // Signing in again re-arms the monitor.
    await t.session.signInWithToken(emu.tokens.otherUser)
    expect(t.session.monitor.state()).toBe('signed-in')
  })
})
