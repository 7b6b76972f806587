/**
 * The window as the rest of the shell reaches it. Notifications, shortcuts, the tray and the core
 * are made before the window (the window's IPC needs the core, and the core needs them), so they
 * call through these routes, which act once `attach` has been given the window and the core's
 * events: a notification clicked before that has nothing to show, and is dropped.
 */
import { dialog } from 'electron'
import type { Locale, LocalizedText } from '../../shared/locale'
import { addressChangeQuestion, type AddressChange } from '../core/account/addresses'
import type { CoreEvents } from '../core/app'
import type { NotificationTarget } from './notifications'
import type { MainWindow } from './window'

export type View = 'settings' | 'inbox' | 'schedule' | 'catch-up'

export interface WindowRoutes {
  show(): void
  hide(): void
  toggle(): void
  navigate(view: View): void
  /** Shows the window at one program of the schedule (its quick record). */
  openProgram(programId: number): void
  /** A notification's click: its program, its link (through `openExternal`), the inbox or the schedule. */
  open(target: NotificationTarget): void
  /** A notice in the window's banner. */
  notice(level: 'info' | 'warning', message: LocalizedText): void
  /**
   * The question a new service address needs before it takes effect: a native dialog over the
   * window, which no script in the page can answer or fake; with no window yet, no.
   */
  confirmAddressChange(changes: AddressChange[], language: Locale): Promise<boolean>
  attach(parts: { window: MainWindow; events: CoreEvents; openExternal: (url: string) => Promise<void> }): void
}

export function windowRoutes(onLinkFailed: (error: unknown) => void): WindowRoutes {
  let parts: Parameters<WindowRoutes['attach']>[0] | undefined
  const routes: WindowRoutes = {
    show: () => parts?.window.show(),
    hide: () => parts?.window.hide(),
    toggle: () => parts?.window.toggle(),
    navigate(view) {
      if (!parts) return
      parts.window.show()
      parts.events.emit('app:navigate', { view })
    },
    openProgram(programId) {
      if (!parts) return
      parts.window.show()
      parts.events.emit('app:focusProgram', { programId })
    },
    open(target) {
      if (target.kind === 'record') return routes.openProgram(target.programId)
      if (target.kind === 'url') return void parts?.openExternal(target.url).catch(onLinkFailed)
      routes.navigate(target.kind === 'inbox' ? 'inbox' : 'schedule')
    },
    notice: (level, message) => parts?.events.emit('app:notice', { level, message }),
    async confirmAddressChange(changes, language) {
      if (!parts) return false
      const q = addressChangeQuestion(changes)
      const { response } = await dialog.showMessageBox(parts.window.window, {
        type: 'warning',
        title: 'Onair',
        message: q.message[language],
        detail: q.detail[language],
        buttons: [q.confirm[language], q.cancel[language]],
        // Cancel, the second button, is the default and what Escape or closing the dialog answers.
        defaultId: 1,
        cancelId: 1,
        noLink: true
      })
      return response === 0
    },
    attach(given) {
      parts = given
    }
  }
  return routes
}
