import { afterEach, describe, expect, it } from 'vitest'
import { systemClock } from '../../../src/main/core/clock'
import { WEBHOOK_SECRET } from '../../../src/main/core/inbox/webhook-secret'
import { memoryNotifier } from '../../../src/main/core/notify'
import { openAppServices, type AppServices } from '../../../src/main/core/services'
import { startEmulator, type Emulator } from '../../emulator/index'
import { servicesOf, testAccount } from '../account/helpers'

/** The app tells its user, as a notification, when the registered URL stopped working. */
describe('app services: the webhook secret had to be replaced', () => {
  let emu: Emulator | undefined
  let services: AppServices | undefined
  afterEach(async () => {
    await services?.stop()
    await emu?.close()
  })

  it('a notification in the user’s language names the new URL and says to register it with the wiki', async () => {
    emu = await startEmulator({ port: 0 })
    const t = testAccount()
    await t.account.saveServices(servicesOf(emu))
    await t.account.signInWithToken(emu.tokens.readWrite)
    t.deps.settings.update((s) => ({ ...s, inbox: { ...s.inbox, webhook: { enabled: true, port: 0 } } }))
    const start = async (locale: 'en' | 'ja') => {
      const notifier = memoryNotifier()
      services = openAppServices({
        dataDir: t.dataDir,
        clock: systemClock,
        account: t.account,
        settings: t.deps.settings,
        notifier,
        locale: () => locale,
        webhook: { face: 'app' }
      })
      await services.start()
      const url = services.inbox.webhookInfo().url!
      await services.stop()
      return { url, notes: notifier.shown.filter((n) => n.id === 'webhook-url-replaced') }
    }
    const first = await start('en')
    expect(first.notes).toEqual([])
    // The keyring was reset: the secret is gone.
    await t.account.secrets.delete(WEBHOOK_SECRET)
    const second = await start('ja')
    expect(second.notes).toHaveLength(1)
    expect(second.notes[0]!.body).toContain(`新しい URL ${second.url} を Wiki`)
    expect(second.notes[0]!.target).toEqual({ kind: 'inbox' })
    expect(new URL(second.url).pathname).not.toBe(new URL(first.url).pathname)
    expect((await start('en')).notes).toEqual([])
  })
})
