/**
 * The core as the app composes it: the features of the services, the account, the shell's parts
 * the IPC commands use (clipboard, save dialog, shortcuts, updates, the window, the log, diagnostics) and what
 * `app:info` says.
 */
import { app, clipboard } from 'electron'
import type { Locale } from '../../shared/locale'
import type { Settings } from '../../shared/settings'
import type { Account } from '../core/account/account'
import { createCore, type Core, type CoreDeps } from '../core/app'
import type { Clock } from '../core/clock'
import type { AppServices } from '../core/services'
import type { ShortcutShell } from '../core/shortcuts/ipc'
import type { DocumentStore } from '../core/store/json-file'
import type { UpdateService } from '../core/update/service'
import { showLogFile, type AppLog } from './log'
import { saveWithDialog } from './save-file'
import { openWebUrl } from './security'
import type { WindowRoutes } from './window-routes'

export interface AppCoreParts {
  clock: Clock
  dataDir: string
  services: AppServices
  account: Account
  /** The settings document to serve (the services' own, with the shell's effects). */
  settings: DocumentStore<Settings>
  shortcuts: ShortcutShell
  updates: UpdateService
  window: WindowRoutes
  log: AppLog
  /** The language Onair speaks (its setting, else the system's), for the app's own dialogs. */
  language: () => Locale
  /** Copy diagnostics (diagnostics.ts). */
  diagnostics: CoreDeps['diagnostics']
}

export function appCore({
  clock,
  dataDir,
  services,
  account,
  settings,
  shortcuts,
  updates,
  window,
  log,
  language,
  diagnostics
}: AppCoreParts): Core {
  const { reminders, records, inbox, calendar } = services
  return createCore({
    clock,
    dataDir,
    openExternal: openWebUrl,
    appName: app.getName(),
    version: app.getVersion(),
    platform: process.platform,
    // Read on each call: the system locale can change while the app runs.
    locale: () => app.getLocale(),
    account,
    settings,
    reminders,
    records,
    inbox,
    calendar,
    calendarShell: { copyText: (text) => clipboard.writeText(text), saveFile: saveWithDialog },
    diagnostics,
    shortcuts,
    updates,
    window: {
      hide: window.hide,
      openLog: () => showLogFile(log),
      confirmAddressChange: (changes) => window.confirmAddressChange(changes, language())
    }
  })
}
