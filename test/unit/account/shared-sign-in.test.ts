import { afterEach, describe, expect, it } from 'vitest'
import { createAccount, type AccountChange } from '../../../src/main/core/account/account'
import { folderSecrets } from '../../../src/main/core/auth/folder-secrets'
import { sessionFileStore } from '../../../src/main/core/auth/session-store'
import { dispatch } from '../../../src/main/core/ipc/handlers'
import { settingsFileStore } from '../../../src/main/core/store/settings'
import { startEmulator, type Emulator } from '../../emulator/index'
import { accountCore, servicesOf, testAccount, type TestAccount } from './helpers'

/**
 * One sign-in for the app and the command line: two accounts over one data folder stand for two
 * processes (their own objects, one credential store and one database), as the app and `onair run`.
 */
describe('one sign-in shared by the processes of a folder', () => {
  let emu: Emulator | undefined
  afterEach(async () => {
    await emu?.close()
    emu = undefined
  })

  /** Another process over the same folder: the app beside `onair run`, say. */
  const otherProcess = (t: TestAccount) => {
    const settings = settingsFileStore(t.dataDir)
    return createAccount({
      ...t.deps,
      settings,
      secrets: folderSecrets(t.dataDir, () => settings.read().secrets.storage),
      sessionStore: sessionFileStore(t.dataDir)
    })
  }

  it('a sign-in elsewhere is used at the next refused request: it is read again and the request sent again', async () => {
    emu = await startEmulator({ port: 0 })
    const t = testAccount()
    await t.account.saveServices(servicesOf(emu))
    await t.account.signInWithToken(emu.tokens.readWrite)
    const app = otherProcess(t)
    await app.reloadSecrets()
    // The same user signs in again in the app: the token this process read is revoked.
    await app.signInWithToken(emu.tokens.read)
    const changes: AccountChange[] = []
    t.account.onChange((c) => changes.push(c))
    await expect(t.account.media().listWorks({})).resolves.toBeDefined()
    expect(t.account.monitor.state()).toBe('signed-in')
    expect(changes).toEqual([])
  })

  it('signed out here, a sign-in made elsewhere is found when the secrets are read again, and said', async () => {
    emu = await startEmulator({ port: 0 })
    const t = testAccount()
    await t.account.saveServices(servicesOf(emu))
    const app = otherProcess(t)
    await app.reloadSecrets()
    await app.signInWithToken(emu.tokens.readWrite)
    expect(t.account.monitor.state()).toBe('signed-out')
    const changes: AccountChange[] = []
    t.account.onChange((c) => changes.push(c))
    expect(await t.account.reloadSecrets()).toBe(true)
    expect(t.account.monitor.state()).toBe('signed-in')
    expect(changes).toEqual([{ signedIn: true }])
  })

  it('a sign-out elsewhere signs this process out at its next read, and the token is gone from the store', async () => {
    emu = await startEmulator({ port: 0 })
    const t = testAccount()
    await t.account.saveServices(servicesOf(emu))
    await t.account.signInWithToken(emu.tokens.readWrite)
    const app = otherProcess(t)
    await app.reloadSecrets()
    await app.signOut({ discardOutbox: false })
    const changes: AccountChange[] = []
    t.account.onChange((c) => changes.push(c))
    await t.account.reloadSecrets()
    expect(t.account.monitor.state()).toBe('signed-out')
    expect(changes).toEqual([{ signedIn: false }])
    expect(t.account.secrets.get('mediaAccessToken')).toBeUndefined()
  })

  it('the window is told when the token a new sign-in replaced could not be revoked', async () => {
    emu = await startEmulator({ port: 0 })
    const { handlers } = await accountCore(emu)
    expect(await dispatch(handlers, 'auth:pasteToken', { token: emu.tokens.readWrite })).toMatchObject({ ok: true })
    emu.faults.inject({ method: 'POST', path: '/oauth/revoke', kind: 'status', status: 503, times: 1 })
    const again = await dispatch(handlers, 'auth:pasteToken', { token: emu.tokens.read })
    expect(again).toMatchObject({
      ok: true,
      value: { replacedTokenKept: { en: expect.stringMatching(/may still be valid/) } }
    })
  })
})
