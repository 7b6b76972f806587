import type { Settings } from '../../src/shared/settings'
import type { Account } from '../../src/main/core/account/account'
import { folderAccount } from '../../src/main/core/account/folder-account'
import type { CoreDeps } from '../../src/main/core/app'
import { memorySecrets } from '../../src/main/core/auth/secrets'
import { systemClock, type Clock } from '../../src/main/core/clock'
import { memoryNotifier } from '../../src/main/core/notify'
import { openAppServices } from '../../src/main/core/services'
import type { ShortcutShell } from '../../src/main/core/shortcuts/ipc'
import { memoryStore, type DocumentStore } from '../../src/main/core/store/document'
import { settingsFileStore } from '../../src/main/core/store/settings'
import { createUpdateService } from '../../src/main/core/update/service'

/**
 * Every part of the core for a harness that runs it without Electron (unit tests through
 * `dispatch`, the renderer e2e fixture, the window benches): the app's own composition
 * (`openAppServices`, not started) in `dataDir`, over in-memory edges: a notifier that keeps what
 * it shows, cron that never ticks, secrets in memory, and stand-ins for the shell's parts (the
 * window, clipboard and save dialog, global shortcuts, an updater that is off as in a copy run
 * from the sources). A test hands in the parts it drives itself and spreads its own over the rest.
 */
export interface HarnessParts {
  dataDir: string
  clock: Clock
  /** Default: an account on `settings` that knows no service yet. */
  account?: Account
  /** The document the account reads; default: settings.json in `dataDir`. */
  settings?: DocumentStore<Settings>
}

export function harnessDeps(parts: HarnessParts): CoreDeps {
  const { dataDir, clock } = parts
  const settings = parts.settings ?? settingsFileStore(dataDir)
  const account = parts.account ?? unconfiguredAccount(dataDir, settings)
  const locale = () => 'en' as const
  const services = openAppServices({
    dataDir,
    clock,
    account,
    settings,
    notifier: memoryNotifier(),
    locale,
    webhook: { face: 'app' },
    cron: () => ({ stop() {} })
  })
  return {
    clock,
    dataDir,
    openExternal: async () => {},
    appName: 'Onair',
    version: '1.0.0',
    platform: 'linux',
    locale: () => 'en-US',
    account,
    settings: services.settings,
    reminders: services.reminders,
    records: services.records,
    inbox: services.inbox,
    calendar: services.calendar,
    catchUp: services.catchUp,
    calendarShell: { copyText: () => {}, saveFile: async () => null },
    // No dialog to agree in: a service address in use stays.
    window: { openLog: async () => {}, hide: () => {}, confirmAddressChange: async () => false },
    shortcuts: memoryShortcuts(),
    updates: createUpdateService({
      clock,
      mode: { kind: 'off', why: 'development' },
      version: '1.0.0',
      online: () => true,
      driver: {
        check: () => Promise.reject(new Error('no feed in a harness')),
        download: () => Promise.reject(new Error('no feed in a harness')),
        restart: () => {},
        abandon: () => {}
      },
      openExternal: async () => {},
      timeZone: () => undefined,
      onError: () => {}
    }),
    diagnostics: { text: () => '', copy: () => {} }
  }
}

function unconfiguredAccount(dataDir: string, settings: DocumentStore<Settings>): Account {
  return folderAccount(dataDir, {
    settings,
    secrets: memorySecrets(),
    sessionStore: memoryStore({ session: null }),
    // Real time: the media client's pacer must not wait on a clock nobody advances.
    clock: systemClock,
    openBrowser: () => {},
    locale: () => 'en'
  })
}

/** Global shortcuts the system always grants, the stored ones from the start, as the app registers them. */
export function memoryShortcuts(): ShortcutShell {
  const taken = new Map<string, string>()
  return {
    set: (action, accelerator) => (taken.set(action, accelerator), true),
    active: (action) => taken.get(action) !== ''
  }
}
