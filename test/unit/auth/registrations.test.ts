import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator, type Emulator } from '../../emulator/index'
import { SEEDED_READ_ONLY_CLIENT as READ_ONLY } from '../../emulator/oauth/store'
import { doorkeeperSkipReason, startDoorkeeper, type Doorkeeper } from '../../support/doorkeeper'
import { rejection, testSession, visit } from './helpers'

/**
 * Signing in with each kind of registration the service offers (read only, read write, a personal
 * access token), against the emulator and, where Ruby and Debian's Doorkeeper are installed, a real
 * Doorkeeper configured as the service is.
 */

/** Doorkeeper's consent form is approved by POSTing the authorize parameters back (authorizations_controller.rb `create`). */
async function approveAtDoorkeeper(url: string): Promise<string> {
  const res = await fetch(url, { method: 'POST', redirect: 'manual' })
  const back = res.headers.get('location')
  if (res.status !== 302 || !back) throw new Error(`no redirect from the consent form: ${res.status}`)
  await fetch(back)
  return back
}

const tokenInfoStatus = async (baseUrl: string, token: string): Promise<number> =>
  (await fetch(`${baseUrl}/oauth/token/info`, { headers: { authorization: `Bearer ${token}` } })).status

async function clientCredentialsToken(baseUrl: string, client: { id: string; secret: string }): Promise<string> {
  const form = { grant_type: 'client_credentials', client_id: client.id, client_secret: client.secret }
  const res = await fetch(`${baseUrl}/oauth/token`, { method: 'POST', body: new URLSearchParams(form) })
  return ((await res.json()) as { access_token: string }).access_token
}

describe('sign-in with each kind of registration (emulator)', () => {
  let emu: Emulator
  beforeEach(async () => {
    emu = await startEmulator({ port: 0, quirks: true, rateLimit: false })
  })
  afterEach(() => emu.close())

  it('a read-only registration: the default sign-in gets the scope error page, a read-only sign-in works and says writing is off', async () => {
    const t = testSession(emu, { clientId: READ_ONLY.id, clientSecret: () => READ_ONLY.secret })
    const asked = await t.session.startBrowserSignIn()
    const page = await visit(asked.url)
    expect(page.callbackUrl).toBeUndefined()
    expect(page.body).toContain('The requested scope is invalid, unknown, or malformed.')

    const readOnly = await t.session.startBrowserSignIn({ readOnly: true })
    expect(new URL(readOnly.url).searchParams.get('scope')).toBe('read')
    await visit(readOnly.url, 'approve')
    const info = await readOnly.done
    expect(info.canWrite).toBe(false)
    expect(info.writeHint?.message.en).toMatch(/read only/)

    const oob = t.session.startOobSignIn({ readOnly: true })
    expect(new URL(oob).searchParams.get('scope')).toBe('read')
  })

  it('a personal access token (it belongs to no application) signs in', async () => {
    const t = testSession(emu)
    const info = await t.session.signInWithToken(emu.tokens.readWrite)
    expect(info).toMatchObject({ user: { id: 1 }, canWrite: true })
  })

  it('a token of no user (client credentials) is refused with its own message, in both languages', async () => {
    const t = testSession(emu)
    const e = await rejection(t.session.signInWithToken(await clientCredentialsToken(emu.baseUrl, emu.client)))
    expect(e.code).toBe('no_user')
    expect(e.userMessage.en).toMatch(/belongs to no user/)
    expect(e.userMessage.ja).toContain('どのユーザーにも属していない')
    expect(t.session.info()).toBeNull()
  })

  async function signInByBrowser(t: ReturnType<typeof testSession>) {
    const pending = await t.session.startBrowserSignIn()
    await visit(pending.url, 'approve')
    return { info: await pending.done, token: t.session.accessToken()! }
  }

  it('signing in again revokes the token it replaces, once the new one is saved', async () => {
    const t = testSession(emu)
    const first = await signInByBrowser(t)
    const second = await signInByBrowser(t)
    expect(second.info.replacedTokenKept).toBeUndefined()
    expect(await tokenInfoStatus(emu.baseUrl, first.token)).toBe(401)
    expect(await tokenInfoStatus(emu.baseUrl, second.token)).toBe(200)
  })

  it('a refused revoke of the replaced token does not undo the sign-in; the user is told', async () => {
    const t = testSession(emu)
    const first = await signInByBrowser(t)
    emu.faults.inject({ method: 'POST', path: '/oauth/revoke', kind: 'status', status: 503, times: 1 })
    const second = await signInByBrowser(t)
    expect(second.info.canWrite).toBe(true)
    expect(second.token).not.toBe(first.token)
    expect(second.info.replacedTokenKept?.en).toMatch(/may still be valid/)
    expect(second.info.replacedTokenKept?.ja).toContain('有効なまま')
    expect(await tokenInfoStatus(emu.baseUrl, first.token)).toBe(200)
  })
})

const skip = doorkeeperSkipReason()

describe.skipIf(skip)(`sign-in against a real Doorkeeper${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let dk: Doorkeeper
  let emu: Emulator
  beforeAll(async () => {
    // The emulator only lends its seeded ids: Doorkeeper is seeded with the same.
    ;[dk, emu] = await Promise.all([startDoorkeeper(), startEmulator({ port: 0 })])
  }, 60_000)
  afterAll(async () => {
    await Promise.all([dk?.close(), emu?.close()])
  })
  const at = (over: Parameters<typeof testSession>[1] = {}) => testSession({ ...emu, baseUrl: dk.baseUrl }, over)

  it('loopback with state and PKCE, then a second sign-in revokes the first token', async () => {
    const t = at()
    const first = await t.session.startBrowserSignIn()
    expect(new URL(first.url).searchParams.get('code_challenge_method')).toBe('S256')
    await approveAtDoorkeeper(first.url)
    expect((await first.done).canWrite).toBe(true)
    const firstToken = t.session.accessToken()!

    // Doorkeeper asks nothing the second time: a live token has these scopes.
    const second = await t.session.startBrowserSignIn()
    const page = await fetch(second.url, { redirect: 'manual' })
    await fetch(page.headers.get('location')!)
    await second.done
    expect(await tokenInfoStatus(dk.baseUrl, firstToken)).toBe(401)
    expect(await tokenInfoStatus(dk.baseUrl, t.session.accessToken()!)).toBe(200)
  })

  it('a read-only registration: the scope error page for read write, a read-only sign-in for read', async () => {
    const t = at({ clientId: READ_ONLY.id, clientSecret: () => READ_ONLY.secret })
    const asked = await t.session.startBrowserSignIn()
    const page = await fetch(asked.url, { redirect: 'manual' })
    expect([page.status, page.headers.get('location')]).toEqual([400, null])
    expect(await page.text()).toContain('The requested scope is invalid, unknown, or malformed.')
    const readOnly = await t.session.startBrowserSignIn({ readOnly: true })
    await approveAtDoorkeeper(readOnly.url)
    expect(await readOnly.done).toMatchObject({ scopes: ['read'], canWrite: false })
  })

  it('a personal access token signs in; a client-credentials token is refused as no user', async () => {
    const t = at()
    expect(await t.session.signInWithToken(emu.tokens.read)).toMatchObject({ user: { id: 1 }, scopes: ['read'] })
    const appToken = await clientCredentialsToken(dk.baseUrl, emu.client)
    expect((await rejection(at().session.signInWithToken(appToken))).code).toBe('no_user')
  })
})
