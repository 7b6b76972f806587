import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Handlers } from '../../../src/shared/contract'
import { dispatch } from '../../../src/main/core/ipc/handlers'
import { startEmulator, type Emulator } from '../../emulator/index'
import { accountCore, servicesOf } from '../account/helpers'
import { startTrap, type Trap } from './trap'

/**
 * Secrets stay in main, through the app's IPC (the real core and handlers the shell binds): signed in at the
 * emulator with a stored client secret and wiki token, then the address is changed by the window
 * (refused, then confirmed) and by another program editing settings.json while the app runs.
 * Every command that could send a secret runs after each change; a listener counts what arrives.
 */
let emu: Emulator
let trap: Trap
beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  trap = await startTrap()
})
afterAll(async () => {
  await Promise.all([emu.close(), trap.close()])
})

const secrets = () => [emu.tokens.readWrite, emu.tokens.wiki, emu.client.secret]

async function signedInApp() {
  const answers: boolean[] = []
  const asked: string[][] = []
  const app = await accountCore(
    emu,
    {},
    {
      hide: () => {},
      openLog: async () => {},
      confirmAddressChange: async (changes) => {
        asked.push(changes.map((c) => `${c.from} -> ${c.to}`))
        return answers.shift() ?? false
      }
    }
  )
  const call = (name: keyof Handlers, input?: unknown) => dispatch(app.handlers, name, input)
  expect(await call('auth:pasteToken', { token: emu.tokens.readWrite, allowUnencrypted: true })).toMatchObject({
    ok: true
  })
  expect(await call('auth:setWikiToken', { token: emu.tokens.wiki, allowUnencrypted: true })).toMatchObject({
    ok: true
  })
  const changes: Array<{ signedIn: boolean; reason?: { en: string } }> = []
  app.core.events.subscribe((name, payload) => name === 'auth:changed' && changes.push(payload as never))
  return { ...app, call, answers, asked, changes }
}

/** Everything the window can ask that would send a stored secret somewhere. */
async function tryEverySender(app: Awaited<ReturnType<typeof signedInApp>>) {
  await app.call('auth:status')
  await app.call('auth:startOob')
  await app.call('auth:completeOob', { code: 'a-code', allowUnencrypted: true })
  await app.account
    .wiki()
    ?.listNotifications({ unread: true })
    .catch(() => undefined)
  // What the reminders' poll asks, with the token the media client finds for this address.
  await app.account
    .media()
    .listPrograms()
    .catch(() => undefined)
  await app.call('auth:signOut', { discardOutbox: true })
}

describe("secrets stay with their address through the app's IPC", () => {
  it('a window that changes the address without the user: refused, nothing sent', async () => {
    const app = await signedInApp()
    const refused = await app.call('auth:saveServices', {
      mediaUrl: trap.url,
      wikiUrl: '',
      clientId: emu.client.id,
      redirectPort: 0
    })
    expect(refused).toMatchObject({ ok: false, error: { code: 'address-not-confirmed' } })
    expect(app.asked).toEqual([[`${emu.baseUrl} -> ${trap.url}`]])
    expect(await app.call('auth:status')).toMatchObject({
      value: { signedIn: true, services: { mediaUrl: emu.baseUrl } }
    })
    expect(trap.requests).toEqual([])
  })

  it('a change the user confirmed: signed out, the new address gets no old secret', async () => {
    const app = await signedInApp()
    app.answers.push(true)
    const moved = await app.call('auth:saveServices', {
      mediaUrl: trap.url,
      wikiUrl: trap.url,
      clientId: emu.client.id,
      redirectPort: 0
    })
    expect(moved).toMatchObject({ ok: true, value: { signedIn: false, configured: false } })
    await tryEverySender(app)
    expect(trap.leaks(secrets())).toEqual([])
  })

  it('settings.json edited by another program while the app runs: "signed out: the address changed"', async () => {
    const app = await signedInApp()
    const edited = { version: 1, services: { mediaUrl: trap.url, wikiUrl: trap.url, clientId: emu.client.id } }
    writeFileSync(join(app.dataDir, 'settings.json'), JSON.stringify(edited))
    await tryEverySender(app)
    expect(app.changes[0]).toMatchObject({
      signedIn: false,
      reason: { en: expect.stringContaining('the service address changed') }
    })
    expect(trap.leaks(secrets())).toEqual([])
  })

  it('a remote http:// address from the window is refused by the contract; loopback is accepted', async () => {
    const app = await signedInApp()
    const remote = await app.call('auth:saveServices', { ...servicesOf(emu, false), mediaUrl: 'http://media.example' })
    expect(remote).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(app.asked).toEqual([])
    app.answers.push(true)
    expect(
      await app.call('auth:saveServices', { ...servicesOf(emu, false), mediaUrl: 'http://localhost:9' })
    ).toMatchObject({ ok: true })
  })
})
