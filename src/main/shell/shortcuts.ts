/**
 * Global shortcuts through Electron's globalShortcut: one accelerator per action, taken from the
 * system at start and when Settings changes one, all let go when the app quits (will-quit, as
 * Electron's docs ask). The decisions (what may be stored, what the keys mean) are in the core.
 */
import { app, globalShortcut } from 'electron'
import { SHORTCUT_ACTIONS, type ShortcutAction } from '../../shared/shortcut-press'
import type { ShortcutShell } from '../core/shortcuts/ipc'
import type { AppLog } from './log'

export function createShortcuts(
  run: Record<ShortcutAction, () => void>,
  log: AppLog
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
    try {
      return globalShortcut.register(accelerator, run[action])
    } catch (e) {
      // Electron throws on an accelerator it cannot parse; the core checked the syntax, so say so.
      log.write('warn', `shortcut ${accelerator} could not be registered`, e)
      return false
    }
  }
  app.on('will-quit', () => globalShortcut.unregisterAll())
  const shortcuts = {
    start(stored: Record<ShortcutAction, string>) {
      for (const action of SHORTCUT_ACTIONS) {
        const accelerator = stored[action]
        if (!accelerator) continue
        if (take(action, accelerator)) held[action] = accelerator
        else log.write('warn', `shortcut ${accelerator} (${action}) is held by another app; not active`)
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
      if (old) globalShortcut.unregister(old)
      held[action] = ''
      if (accelerator && !take(action, accelerator)) {
        // Refused: the old one comes back (it was ours a moment ago, so the system gives it back).
        if (old && take(action, old)) held[action] = old
        return false
      }
      held[action] = accelerator
      return true
    },
    active: (action: ShortcutAction) => held[action] !== ''
  }
  return shortcuts
}
