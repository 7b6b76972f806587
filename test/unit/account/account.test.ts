import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OTHER_USER_ID, startEmulator, type Emulator } from '../../emulator/index'
import { AuthError } from '../../../src/main/core/auth/errors'
import type { AccountChange } from '../../../src/main/core/account/account'
import { servicesOf, testAccount } from './helpers'
import { personalDocumentsSaved, saveDocumentBody } from '../../support/saved-documents'
import { rejection as failure, visit } from '../auth/helpers'

describe('account', () => {
  let emu: Emulator
  let other: Emulator
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, autoApprove: true })
    other = await startEmulator({ port: 0, autoApprove: true })
  })
  afterAll(async () => {
    await emu.close()
    await other.close()
  })

  it('is not configured until the address, client id and client secret are all known', async () => {
    const { account } = testAccount()
    expect(account.configured()).toBe(false)
    expect(account.session()).toBeNull()
    expect(() => account.media()).toThrow(AuthError)
    await account.saveServices(servicesOf(emu, false))
    expect(account.configured()).toBe(false)
    expect(account.session()).not.toBeNull()
    await account.saveServices(servicesOf(emu))
    expect(account.configured()).toBe(true)
  })

  it('keeps the client secret in the secrets store, never in settings.json', async () => {
    const { account, dataDir, deps } = testAccount()
    await account.saveServices(servicesOf(emu))
    const settings = readFileSync(join(dataDir, 'settings.json'), 'utf8')
    expect(settings).toContain(emu.client.id)
    expect(settings).not.toContain(emu.client.secret)
    expect(deps.secrets.get('mediaClientSecret')?.value).toBe(emu.client.secret)
    // Saving again without a secret keeps the stored one.
    await account.saveServices({ ...servicesOf(emu, false), redirectPort: 8123 })
    expect(account.hasClientSecret()).toBe(true)
  })

  it('rebuilds the session when the service settings change; another server forgets the token', async () => {
    const { account, deps } = testAccount()
    await account.saveServices(servicesOf(emu))
    const first = account.session()
    await account.signInWithToken(emu.tokens.readWrite)
    expect(account.monitor.state()).toBe('signed-in')

    await account.saveServices({ ...servicesOf(emu, false), redirectPort: 8123 })
    const second = account.session()
    expect(second).not.toBe(first)
    // Same server, new port: still signed in, same monitor.
    expect(second?.info()?.user.id).toBe(1)
    expect(account.monitor.state()).toBe('signed-in')

    const changes: AccountChange[] = []
    account.onChange((c) => changes.push(c))
    await account.saveServices(servicesOf(other))
    expect(account.session()).not.toBe(second)
    expect(account.session()?.info()).toBeNull()
    expect(account.monitor.state()).toBe('signed-out')
    expect(deps.secrets.get('mediaAccessToken')?.value).toBeUndefined()
    expect(changes).toEqual([{ signedIn: false }])
  })

  it('signs in through the browser flow and tells listeners', async () => {
    const { account, opened } = testAccount()
    await account.saveServices(servicesOf(emu))
    const changes: AccountChange[] = []
    account.onChange((c) => changes.push(c))
    const pending = await account.startBrowserSignIn()
    expect(opened).toEqual([pending.url])
    await visit(pending.url)
    expect((await pending.done).canWrite).toBe(true)
    expect(changes).toEqual([{ signedIn: true }])
  })

  it('OOB sign-in opens the code page in the browser', async () => {
    const { account, opened } = testAccount()
    await account.saveServices(servicesOf(emu))
    const url = await account.startOobSignIn()
    expect(opened).toEqual([url])
    const code = /id="authorization-code">([^<]+)</.exec(await (await fetch(url)).text())![1]!
    expect((await account.completeOobSignIn(code)).user.id).toBe(1)
  })

  it('verifies the wiki token before saving it, and only then hands out a wiki client', async () => {
    const { account, deps } = testAccount()
    expect((await failure(account.setWikiToken(emu.tokens.wiki))).code).toBe('not_configured')
    await account.saveServices(servicesOf(emu))
    expect((await failure(account.setWikiToken('wrong-token'))).code).toBe('wiki_unauthorized')
    expect(deps.secrets.get('wikiToken')?.value).toBeUndefined()
    expect(account.wiki()).toBeNull()
    expect(account.wikiStatus()).toEqual({ configured: true, hasToken: false })

    await account.setWikiToken(` ${emu.tokens.wiki} `)
    expect(deps.secrets.get('wikiToken')?.value).toBe(emu.tokens.wiki)
    expect(Array.isArray(await account.wiki()!.listNotifications())).toBe(true)

    // A wiki token is never sent to another wiki.
    await account.saveServices({ ...servicesOf(emu), wikiUrl: other.baseUrl })
    expect(account.wikiStatus()).toEqual({ configured: true, hasToken: false })
  })

  it('sign-out revokes, keeps settings, wipes personal documents and keeps the outbox unless discarded', async () => {
    const { account, dataDir, deps } = testAccount()
    await account.saveServices(servicesOf(emu))
    const personal = ['history', 'inbox', 'ledger', 'outbox', 'premieres', 'schedule', 'snoozes'] as const
    const writeAll = () => personal.forEach((name) => saveDocumentBody(dataDir, name, '{}'))
    const token = emu.tokens.otherUser
    await account.signInWithToken(token)
    writeAll()
    const user = `${emu.baseUrl} #${OTHER_USER_ID}`
    expect(personalDocumentsSaved(dataDir)).toEqual({ [user]: personal })
    const changes: AccountChange[] = []
    account.onChange((c) => changes.push(c))

    const result = await account.signOut({ discardOutbox: false })
    expect(result.revoked).toBe(true)
    expect(personalDocumentsSaved(dataDir)).toEqual({ [user]: ['outbox'] })
    expect(existsSync(join(dataDir, 'settings.json'))).toBe(true)
    expect(account.services().clientId).toBe(emu.client.id)
    expect(deps.secrets.get('mediaClientSecret')?.value).toBe(emu.client.secret)
    expect(deps.secrets.get('mediaAccessToken')?.value).toBeUndefined()
    expect(account.session()?.info()).toBeNull()
    expect(changes).toEqual([{ signedIn: false }])

    // Another user signs in and out discarding: their documents go; the first user's outbox waits for them.
    await account.signInWithToken(emu.tokens.readWrite)
    writeAll()
    await account.signOut({ discardOutbox: true })
    expect(personalDocumentsSaved(dataDir)).toEqual({ [user]: ['outbox'] })
  })

  it('a revoked token seen by any request signs out once, with the reason, keeping the outbox', async () => {
    const { account, dataDir } = testAccount()
    await account.saveServices(servicesOf(emu))
    // Sign in with the seeded read token, then revoke it behind Onair's back.
    await account.signInWithToken(emu.tokens.read)
    saveDocumentBody(dataDir, 'outbox', '{}')
    const changes: AccountChange[] = []
    account.onChange((c) => changes.push(c))
    await fetch(`${emu.baseUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: emu.tokens.read, client_id: emu.client.id, client_secret: emu.client.secret })
    }).then((r) => r.arrayBuffer())
    for (let i = 0; i < 2; i++) {
      await account.monitor.guard(() => account.media().listWorks()).catch(() => undefined)
    }
    expect(changes).toHaveLength(1)
    expect(changes[0]?.signedIn).toBe(false)
    expect(changes[0]?.reason?.en).toBeTruthy()
    expect(Object.values(personalDocumentsSaved(dataDir))).toEqual([['outbox']])
  })
})
