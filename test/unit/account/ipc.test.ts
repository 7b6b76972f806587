import { double } from '../../support/keyring-double.cjs'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OTHER_USER_ID, startEmulator, type Emulator } from '../../emulator/index'
import { SEEDED_READ_ONLY_CLIENT as READ_ONLY } from '../../emulator/oauth/store'
import { memorySecrets } from '../../../src/main/core/auth/secrets'
import { dispatch } from '../../../src/main/core/ipc/handlers'
import type { Reply } from '../../../src/shared/contract'
import { defaultSettings } from '../../../src/shared/settings'
import { visit } from '../auth/helpers'
import { setup } from '../app/helpers'
import { accountCore, servicesOf } from './helpers'
import { personalDocumentsSaved, saveDocumentBody } from '../../support/saved-documents'

/** What the OS keyring would give: the same store, reported as encrypted. */
const encrypted = () => ({ ...memorySecrets(), encryptionAvailable: () => true })

function errorCode(reply: Reply): string | undefined {
  return reply.ok ? undefined : reply.error.code
}

describe('auth and settings over IPC', () => {
  let emu: Emulator
  // One emulator per test: signing out revokes a seeded token for good.
  beforeEach(async () => {
    emu = await startEmulator({ port: 0, autoApprove: true })
  })
  afterEach(async () => {
    double.setState('open')
    await emu.close()
  })

  it('asks for consent before storing a secret where no credential store is reachable; a yes chooses the plain file', async () => {
    const { handlers, account, deps, dataDir } = await accountCore(emu)
    double.setState('unreachable')
    // As the app does at its start: the store is asked once, and found missing.
    await account.reloadSecrets().catch(() => undefined)
    const paste = { token: emu.tokens.readWrite }
    const refused = await dispatch(handlers, 'auth:pasteToken', paste)
    expect(refused).toMatchObject({ ok: false, error: { code: 'needs-consent', action: 'confirm-unencrypted' } })
    expect(account.secrets.get('mediaAccessToken')?.value).toBeUndefined()
    for (const [name, input] of [
      ['auth:signIn', undefined],
      ['auth:completeOob', { code: 'x' }],
      ['auth:setWikiToken', { token: emu.tokens.wiki }],
      ['auth:saveServices', servicesOf(emu)]
    ] as const) {
      expect(errorCode(await dispatch(handlers, name, input)), name).toBe('needs-consent')
    }
    // Saving addresses without a new secret stores nothing secret: no question asked.
    expect((await dispatch(handlers, 'auth:saveServices', servicesOf(emu, false))).ok).toBe(true)
    expect((await dispatch(handlers, 'auth:pasteToken', { ...paste, allowUnencrypted: true })).ok).toBe(true)
    expect(deps.settings.read().secrets.storage).toBe('file')
    expect(account.secrets.get('mediaAccessToken')?.value).toBe(emu.tokens.readWrite)
    expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).toContain(emu.tokens.readWrite)
  })

  it('stores without asking where secrets are encrypted', async () => {
    const { handlers } = await accountCore(emu, { secrets: encrypted() })
    const reply = await dispatch(handlers, 'auth:pasteToken', { token: emu.tokens.read })
    expect(reply).toMatchObject({
      ok: true,
      value: { scopes: ['read'], canWrite: false, writeHint: { action: 'sign-in-with-write' } }
    })
  })

  it("signing in as another user says how many of the previous user's records still wait, and sends none of them", async () => {
    const { handlers, dataDir } = await accountCore(emu, { secrets: encrypted() })
    expect((await dispatch(handlers, 'auth:pasteToken', { token: emu.tokens.readWrite })).ok).toBe(true)
    // A record of the first user's, still in its undo window when the second signs in.
    expect((await dispatch(handlers, 'record:create', { episodeId: 301 })).ok).toBe(true)
    const reply = await dispatch(handlers, 'auth:pasteToken', { token: emu.tokens.otherUser })
    expect(reply).toMatchObject({ ok: true, value: { user: { id: OTHER_USER_ID } } })
    const told = (reply as { value: { othersWaiting?: { en: string; ja: string } } }).value.othersWaiting
    expect(told?.en).toMatch(/^1 record of another account \(user #1 at .+\) still waits to be sent/)
    expect(told?.ja).toContain('記録が 1 件')
    // The second user sees an empty outbox of their own.
    expect(personalDocumentsSaved(dataDir)[`${emu.baseUrl} #${OTHER_USER_ID}`] ?? []).not.toContain('outbox')
  })

  it('never sends a token or the client secret to the renderer, in replies or events', async () => {
    const { handlers, core, opened } = await accountCore(emu, { secrets: encrypted() })
    const seen: unknown[] = []
    core.events.subscribe((name, payload) => seen.push({ name, payload }))
    const signIn = dispatch(handlers, 'auth:signIn', undefined)
    await expect.poll(() => opened.length).toBe(1)
    await visit(opened[0]!)
    seen.push(await signIn)
    for (const [name, input] of [
      ['auth:status', undefined],
      ['auth:setWikiToken', { token: emu.tokens.wiki }],
      ['auth:saveServices', { ...servicesOf(emu), redirectPort: 0 }],
      ['auth:pasteToken', { token: emu.tokens.readWrite }],
      ['auth:status', undefined],
      ['settings:get', undefined],
      ['auth:signOut', { discardOutbox: true }]
    ] as const) {
      seen.push(await dispatch(handlers, name, input))
    }
    const text = JSON.stringify(seen)
    expect(text).toContain('"signedIn":true')
    expect(text).toContain('"hasClientSecret":true')
    for (const secret of [emu.tokens.readWrite, emu.tokens.wiki, emu.client.secret]) expect(text).not.toContain(secret)
    // The loopback flow's token never appears either: it is whatever the service issued.
    expect(text).not.toMatch(/access_?token/i)
  })

  it('the sign-in view can ask for read alone, for an application registered "read only"', async () => {
    const { handlers, opened } = await accountCore({ ...emu, client: READ_ONLY }, { secrets: encrypted() })
    const signIn = dispatch(handlers, 'auth:signIn', { readOnly: true })
    await expect.poll(() => opened.length).toBe(1)
    expect(new URL(opened[0]!).searchParams.get('scope')).toBe('read')
    await visit(opened[0]!)
    expect(await signIn).toMatchObject({ ok: true, value: { scopes: ['read'], canWrite: false } })
    await dispatch(handlers, 'auth:startOob', { readOnly: true })
    expect(new URL(opened[1]!).searchParams.get('scope')).toBe('read')
  })

  it('emits auth:changed on sign-in and sign-out', async () => {
    const { handlers, core } = await accountCore(emu, { secrets: encrypted() })
    const changes: unknown[] = []
    // The schedule follows too (refreshed, then emptied: schedule:changed), as in the app.
    core.events.subscribe((name, payload) => name === 'auth:changed' && changes.push([name, payload]))
    await dispatch(handlers, 'auth:pasteToken', { token: emu.tokens.readWrite })
    await dispatch(handlers, 'auth:signOut', { discardOutbox: false })
    expect(changes).toEqual([
      ['auth:changed', { signedIn: true }],
      ['auth:changed', { signedIn: false }]
    ])
  })

  it('sign-out leaves no saved schedule behind: the reminders forget it without writing it again', async () => {
    const { handlers, dataDir } = await accountCore(emu, { secrets: encrypted() })
    await dispatch(handlers, 'auth:pasteToken', { token: emu.tokens.readWrite })
    const saved = { fetchedAt: '2026-11-24T09:00:00.000Z', programs: [] }
    saveDocumentBody(dataDir, 'schedule', JSON.stringify(saved))
    expect(await dispatch(handlers, 'schedule:get', undefined)).toMatchObject({ ok: true, value: saved })
    await dispatch(handlers, 'auth:signOut', { discardOutbox: false })
    expect(personalDocumentsSaved(dataDir)).toEqual({})
    expect(await dispatch(handlers, 'schedule:get', undefined)).toMatchObject({
      ok: true,
      value: { fetchedAt: null, programs: [] }
    })
  })

  it('answers a failed sign-in with the AuthError code and both languages', async () => {
    const { handlers } = await accountCore(emu, { secrets: encrypted() })
    const reply = await dispatch(handlers, 'auth:pasteToken', { token: 'nope' })
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_token' } })
    if (!reply.ok) expect(reply.error.message.ja).toContain('アクセストークン')
  })

  it('settings:update merges only the given fields and validates the result', async () => {
    const { handlers } = await accountCore(emu)
    const before = await dispatch(handlers, 'settings:get', undefined)
    const after = await dispatch(handlers, 'settings:update', { ui: { locale: 'ja' } })
    expect(after.ok && before.ok).toBe(true)
    if (!after.ok || !before.ok) return
    const b = before.value as { ui: object; services: object }
    expect(after.value).toMatchObject({ ui: { ...b.ui, locale: 'ja' }, services: b.services })
    expect(errorCode(await dispatch(handlers, 'settings:update', { ui: { locale: 'fr' } }))).toBe('invalid-settings')
    expect(errorCode(await dispatch(handlers, 'settings:update', { ui: { colour: 'red' } }))).toBe('invalid-input')
    expect(errorCode(await dispatch(handlers, 'settings:update', { services: { mediaUrl: 'http://x' } }))).toBe(
      'invalid-input'
    )
    const kept = await dispatch(handlers, 'settings:get', undefined)
    expect(kept.ok && (kept.value as { ui: { locale: string } }).ui.locale).toBe('ja')
  })

  it('on a first start (no service set up yet): not configured, not signed in, the default settings', async () => {
    const { handlers } = setup()
    expect(await dispatch(handlers, 'auth:status', undefined)).toMatchObject({
      ok: true,
      value: { configured: false, signedIn: false }
    })
    expect(await dispatch(handlers, 'settings:get', undefined)).toEqual({ ok: true, value: defaultSettings() })
  })
})
