/**
 * Global shortcuts through Electron's globalShortcut: one accelerator per action, taken from the
 * system at start and when Settings changes one, all let go when the app quits (will-quit, as
 * Electron's docs ask). The decisions (what may be stored, what the keys mean) are in the core.
 */
import { app, globalShortcut } from 'electron'
import type { LocalizedText } from '../../shared/locale'
import type { Settings } from '../../shared/settings'
import { SHORTCUT_ACTIONS, type ShortcutAction } from '../../shared/shortcut-press'
import type { Clock } from '../core/clock'
import { quickRecordProgram } from '../core/shortcuts/quick-record'
import type { ReminderService } from '../core/reminders/reminders'
import type { ShortcutShell } from '../core/shortcuts/ipc'
import type { DocumentStore } from '../core/store/document'
import type { AppLog } from './log'
import type { WindowRoutes } from './window-routes'

/** `denied`: why the system will not fire any (desktop-entry.ts); none is then taken or shown active. */
export function createShortcuts(
  run: Record<ShortcutAction, () => void>,
  log: AppLog,
  denied?: LocalizedText
): ShortcutShell & {
  /** At start: registers what the settings hold; one another app holds is logged and left inactive. */
  start(stored: Record<ShortcutAction, string>): void
  /**
   * The settings changed (`onair config set shortcuts.…` included): takes what differs; one the
   * system refuses is logged and the previous one kept, as when set from Settings.
   */
  follow(stored: Record<ShortcutAction, string>): void
} {
  const held: Record<ShortcutAction, string> = { toggleWindow: '', quickRecord: '' }
  const take = (action: ShortcutAction, accelerator: string): boolean => {
    if (denied) return false
    try {
      return globalShortcut.register(accelerator, run[action])
    } catch (e) {
      // Electron throws on an accelerator it cannot parse; the core checked the syntax, so say so.
      log.write('warn', `shortcut ${accelerator} could not be registered`, e)
      return false
    }
  }
  /**
   * Lets `accelerator` go. Through the desktop portal (Wayland) `unregister` does nothing: Electron
   * looks it up only among the keys it grabbed itself (electron_api_global_shortcut.cc Unregister),
   * so the old key would go on firing; there every bind is let go and the others taken again.
   */
  const letGo = (accelerator: string): void => {
    globalShortcut.unregister(accelerator)
    if (!globalShortcut.isRegistered(accelerator)) return
    globalShortcut.unregisterAll()
    for (const action of SHORTCUT_ACTIONS) {
      if (held[action] && held[action] !== accelerator) take(action, held[action])
    }
  }
  app.on('will-quit', () => globalShortcut.unregisterAll())
  const shortcuts = {
    start(stored: Record<ShortcutAction, string>) {
      for (const action of SHORTCUT_ACTIONS) {
        const accelerator = stored[action]
        if (!accelerator) continue
        if (take(action, accelerator)) held[action] = accelerator
        else log.write('warn', `shortcut ${accelerator} (${action}) not active: ${denied?.en ?? 'held by another app'}`)
      }
    },
    follow(stored: Record<ShortcutAction, string>) {
      for (const action of SHORTCUT_ACTIONS) {
        if (stored[action] === held[action] || shortcuts.set(action, stored[action])) continue
        log.write(
          'warn',
          `shortcut ${stored[action]} (${action}) is held by another app; ${held[action] || 'none'} kept`
        )
      }
    },
    set(action: ShortcutAction, accelerator: string): boolean {
      const old = held[action]
      if (old === accelerator) return true
      if (old) letGo(old)
      held[action] = ''
      if (accelerator && !take(action, accelerator)) {
        // Refused: the old one comes back (it was ours a moment ago, so the system gives it back).
        if (old && take(action, old)) held[action] = old
        return false
      }
      held[action] = accelerator
      return true
    },
    active: (action: ShortcutAction) => held[action] !== '',
    unavailable: () => denied
  }
  return shortcuts
}

const NOTHING_TO_RECORD = {
  en: 'Nothing is on air now or ended in the last 30 minutes; here is the schedule.',
  ja: '放送中の番組も、30 分以内に終わった番組もありません。番組表を表示します。'
}

/** The quick-record shortcut: the window at the program on air (or just ended), else the schedule and why. */
export function quickRecordShortcut(deps: {
  settings: Pick<DocumentStore<Settings>, 'read'>
  reminders: Pick<ReminderService, 'schedule'>
  clock: Clock
  window: Pick<WindowRoutes, 'openProgram' | 'navigate' | 'notice'>
}): () => void {
  return () => {
    const durationMinutes = deps.settings.read().calendar.durationMinutes
    const program = quickRecordProgram(deps.reminders.schedule().programs, deps.clock.now(), durationMinutes)
    if (program) return deps.window.openProgram(program.id)
    deps.window.navigate('schedule')
    deps.window.notice('info', NOTHING_TO_RECORD)
  }
}
