import { createAccount, type Account, type AccountDeps } from '../../../src/main/core/account/account'
import { folderParts } from '../../../src/main/core/account/folder-account'
import { createCore, type AppWindow } from '../../../src/main/core/app'
import { folderSecrets } from '../../../src/main/core/auth/folder-secrets'
import { sessionFileStore } from '../../../src/main/core/auth/session-store'
import { systemClock } from '../../../src/main/core/clock'
import { createHandlers } from '../../../src/main/core/ipc/handlers'
import { memoryNotifier } from '../../../src/main/core/notify'
import { openAppServices, type AppServices, type AppServicesDeps } from '../../../src/main/core/services'
import { settingsFileStore } from '../../../src/main/core/store/settings'
import type { Emulator } from '../../emulator/index'
import { harnessDeps } from '../../support/harness-core'
import { tempDir } from '../../support/temp-dir'

export interface TestAccount {
  account: Account
  dataDir: string
  /** URLs the account asked the browser to open. */
  opened: string[]
  deps: AccountDeps
}

/** An account on real files in a fresh folder, as the app composes it. */
export function testAccount(over: Partial<AccountDeps> = {}): TestAccount {
  const dataDir = tempDir('onair-account-')
  const opened: string[] = []
  const settings = settingsFileStore(dataDir)
  const deps: AccountDeps = {
    settings,
    secrets: folderSecrets(dataDir, () => settings.read().secrets.storage),
    sessionStore: sessionFileStore(dataDir),
    // Real time: the media client's pacer must not wait on a clock nobody advances.
    clock: systemClock,
    openBrowser: (url) => void opened.push(url),
    locale: () => 'en',
    ...folderParts(dataDir),
    ...over
  }
  return { account: createAccount(deps), dataDir, opened, deps }
}

/**
 * The app's services on a test account, composed as the app composes them and not started:
 * a notifier that keeps what it shows, cron that never ticks; `over` replaces any part.
 */
export function accountServices(t: TestAccount, over: Partial<AppServicesDeps> = {}): AppServices {
  return openAppServices({
    dataDir: t.dataDir,
    clock: systemClock,
    account: t.account,
    settings: t.deps.settings,
    webhook: { face: 'app' },
    notifier: memoryNotifier(),
    locale: () => 'en',
    cron: () => ({ stop() {} }),
    ...over
  })
}

export function servicesOf(emu: Emulator, withSecret = true) {
  const clientSecret = withSecret ? emu.client.secret : undefined
  return { mediaUrl: emu.baseUrl, wikiUrl: emu.baseUrl, clientId: emu.client.id, clientSecret, redirectPort: 0 }
}

/** A configured account behind the real core and handlers, for tests that go through dispatch. */
export async function accountCore(emu: Emulator, over: Partial<AccountDeps> = {}, window?: AppWindow) {
  const t = testAccount(over)
  await t.account.saveServices(servicesOf(emu))
  const core = createCore({
    ...harnessDeps({ dataDir: t.dataDir, clock: systemClock, account: t.account, settings: t.deps.settings }),
    ...(window ? { window } : {})
  })
  return { ...t, core, handlers: createHandlers(core) }
}
