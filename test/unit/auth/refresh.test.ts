import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OTHER_USER_ID, startEmulator, USER_ID, type Emulator } from '../../emulator/index'
import { testSession } from './helpers'

/**
 * `onair whoami` asks the service about the token it holds: what it hears never changes who is
 * signed in, even when another process (the app) signed in as someone else after this one read
 * its token.
 */
describe('refreshing a session', () => {
  let emu: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 })
  })
  afterAll(() => emu.close())

  it('never rewrites who is signed in, even with a token read before another sign-in', async () => {
    const t = testSession(emu)
    expect((await t.session.signInWithToken(emu.tokens.readWrite)).user.id).toBe(USER_ID)
    // Another process signed in as another user: the session names them; this one still holds user 1's token.
    const mine = t.deps.store.read().session!
    const other = { ...mine, user: { id: OTHER_USER_ID, username: null, name: null }, signedInAt: mine.signedInAt + 1 }
    t.deps.store.write({ session: other })
    const info = await t.session.refresh()
    expect(info.user.id).toBe(OTHER_USER_ID)
    expect(t.deps.store.read().session).toEqual(other)
  })

  it('brings the scopes of this very sign-in up to date', async () => {
    const t = testSession(emu)
    await t.session.signInWithToken(emu.tokens.readWrite)
    const saved = t.deps.store.read().session!
    t.deps.store.write({ session: { ...saved, scopes: ['read'] } })
    expect((await t.session.refresh()).scopes).toEqual(['read', 'write'])
    expect(t.deps.store.read().session?.scopes).toEqual(['read', 'write'])
  })
})
