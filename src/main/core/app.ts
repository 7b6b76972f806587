/**
 * Composes the core: the one object the IPC handlers (and the CLI) talk to. Electron features
 * arrive as plain functions in `deps`, so this file and everything it imports runs under Node.
 */
import type { Clock } from './clock'
import { events as eventSchemas } from '../../shared/contract'
import { webOnly } from './web-url'
import type { AppInfo, EventName, EventPayload } from '../../shared/contract'
import type { Settings } from '../../shared/settings'
import type { Account } from './account/account'
import type { AddressChange } from './account/addresses'
import type { DocumentStore } from './store/document'
import type { InboxService } from './inbox/inbox'
import type { RecordsCore } from './records'
import type { ReminderService } from './reminders/reminders'
import type { CalendarService } from './calendar'
import type { CatchUpService } from './catch-up/service'
import type { CalendarShell } from './calendar/ipc'
import type { ShortcutShell } from './shortcuts/ipc'
import type { UpdateService } from './update/service'

export interface CoreDeps {
  clock: Clock
  /** Where the core keeps its files (the app's userData folder, or a temp dir in tests). */
  dataDir: string
  /** Opens an http(s) URL in the user's browser; the URL is already validated. */
  openExternal: (url: string) => Promise<void>
  appName: string
  version: string
  platform: string
  /** Read on each call: the system locale can change while the app runs. */
  locale: () => string
  /** Sign-in and services (`auth:*`). */
  account: Account
  /** The settings document (`settings:*`). */
  settings: DocumentStore<Settings>
  /** The wiki inbox and its receiver's address (`inbox:*`). */
  inbox: InboxService
  /** The outbox and the works view (`record:*`, `outbox:*`, `status:*`, `works:*`). */
  records: RecordsCore
  /** Polling, the schedule cache and reminders (`schedule:*`); started by the caller. */
  reminders: ReminderService
  /** The calendar document and the subscribed feed (`calendar:*`). */
  calendar: CalendarService
  /** The aired episodes not recorded (`catchup:*`). */
  catchUp: CatchUpService
  /** The clipboard and the save dialog, for `calendar:copyUrl` and `calendar:export`. */
  calendarShell: CalendarShell
  /** The window the app runs in. */
  window: AppWindow
  /** The system's global shortcuts (`shortcuts:*`); the Electron shell's globalShortcut. */
  shortcuts: ShortcutShell
  /** The app's own updates (`update:*`); the Electron shell's electron-updater. */
  updates: UpdateService
  /** Settings → About → Copy diagnostics: the report (diagnostics/gather.ts) and the clipboard. */
  diagnostics: { text(): string; copy(text: string): void | Promise<void> }
}

export interface AppWindow {
  /** Opens the log file; resolves with an error text when the system could not. */
  openLog(): Promise<void>
  hide(): void
  /** The main process's own dialog (account/addresses.ts words it): true when the user agreed. */
  confirmAddressChange(changes: AddressChange[]): Promise<boolean>
}

type AnyEventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void

/** Main → renderer pushes. The shell forwards them to windows, the e2e fixture to the page. */
export interface CoreEvents {
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void
  subscribe(listener: AnyEventListener): () => void
}

/** The features of `deps`, and what the core makes of the rest. */
export interface Core extends Omit<CoreDeps, 'appName' | 'version' | 'platform' | 'locale' | 'window' | 'diagnostics'> {
  readonly events: CoreEvents
  info(): AppInfo
  openLog(): Promise<void>
  copyDiagnostics(): Promise<{ copied: boolean }>
  hideWindow(): void
  /** Asked in the main process's own dialog: true when the user agreed. */
  confirmAddressChange(changes: AddressChange[]): Promise<boolean>
}

function createEvents(): CoreEvents {
  const listeners = new Set<AnyEventListener>()
  return {
    emit(name, payload) {
      // Parse, don't trust: a malformed push is a bug here, not something to render.
      const parsed = eventSchemas[name].parse(payload) as EventPayload<typeof name>
      for (const listener of listeners) listener(name, parsed)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}

export function createCore(deps: CoreDeps): Core {
  const events = createEvents()
  const { appName, version, platform, locale, window, diagnostics, ...features } = deps
  const { account, inbox, records, reminders, calendar, catchUp, updates } = features
  account.onChange((change) => events.emit('auth:changed', change))
  inbox.onChange((unseenCount) => events.emit('inbox:changed', { unseenCount }))
  records.outbox.onChange((entries) => events.emit('outbox:changed', { entries }))
  records.outbox.onRollback((e) => events.emit('status:rollback', e))
  calendar.onChange((info) => events.emit('calendar:changed', info))
  updates.onChange(() => events.emit('update:changed', updates.view()))
  reminders.onChange((e) => e.type === 'status' && events.emit('schedule:changed', reminders.snapshot()))
  catchUp.onChange((view) => events.emit('catchup:changed', view))
  account.onChange((change) => {
    if (change.signedIn) void reminders.refresh()
    // No reason means the user signed out (files wiped); a rejected token keeps the schedule.
    else if (!change.reason) {
      reminders.reset()
      catchUp.reset()
    }
  })
  return {
    ...features,
    events,
    info: () => ({ name: appName, version, platform, locale: locale() }),
    openLog: () => window.openLog(),
    async copyDiagnostics() {
      await diagnostics.copy(diagnostics.text())
      return { copied: true }
    },
    hideWindow: () => window.hide(),
    confirmAddressChange: (changes) => window.confirmAddressChange(changes),
    // Checked again here, not only by the IPC schema: notifications and the CLI call this too.
    openExternal: webOnly((url) => deps.openExternal(url))
  }
}
