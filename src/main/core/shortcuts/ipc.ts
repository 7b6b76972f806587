import { acceleratorProblem, sameAccelerator } from '../../../shared/accelerator'
import { recordKey } from '../../../shared/shortcut-keys'
import { SHORTCUT_ACTIONS, type ShortcutAction } from '../../../shared/shortcut-press'
import type { Handlers, ShortcutsInfo } from '../../../shared/contract'
import type { LocalizedText } from '../../../shared/locale'
import type { Settings } from '../../../shared/settings'
import { UserErrorException } from '../user-error'
import type { DocumentStore } from '../store/document'

/** The system's global shortcuts, as the shell (globalShortcut) holds them. */
export interface ShortcutShell {
  /**
   * Takes `accelerator` for `action` in place of the one it had ('' lets go). False when the
   * system refused it (another app holds it): the action keeps its old shortcut.
   */
  set(action: ShortcutAction, accelerator: string): boolean
  /** Whether the action's stored shortcut is registered now. */
  active(action: ShortcutAction): boolean
  /** Why no shortcut can work on this system at all, if so. */
  unavailable?(): LocalizedText | undefined
}

type ShortcutCommand = Extract<keyof Handlers, `shortcuts:${string}`>

/** `platform` names a recorded key as Electron reads it there (Command on darwin, Super elsewhere). */
export function shortcutsHandlers(
  settings: DocumentStore<Settings>,
  shell: ShortcutShell,
  platform: string
): Pick<Handlers, ShortcutCommand> {
  const info = (doc: Settings): ShortcutsInfo => {
    const state = (action: ShortcutAction) => ({ accelerator: doc.shortcuts[action], active: shell.active(action) })
    return { toggleWindow: state('toggleWindow'), quickRecord: state('quickRecord') }
  }
  /** Checked, taken from the system, then stored; refused with the reason otherwise. */
  const set = (action: ShortcutAction, accelerator: string): ShortcutsInfo => {
    const problem = acceleratorProblem(accelerator)
    if (problem) throw new UserErrorException('shortcut-invalid', problem)
    const other = SHORTCUT_ACTIONS.find((a) => a !== action)!
    if (sameAccelerator(settings.read().shortcuts[other], accelerator)) {
      throw new UserErrorException('shortcut-in-use', {
        en: `${accelerator} is already Onair's other shortcut. Choose another combination.`,
        ja: `${accelerator} は Onair のもう一方のショートカットで使っています。別の組み合わせを選んでください。`
      })
    }
    const why = accelerator ? shell.unavailable?.() : undefined
    if (why) throw new UserErrorException('shortcut-unavailable', why)
    if (!shell.set(action, accelerator)) {
      throw new UserErrorException('shortcut-taken', {
        en: `${accelerator} is taken by another app or by the system. The previous shortcut is kept.`,
        ja: `${accelerator} は別のアプリかシステムが使っています。前のショートカットのままです。`
      })
    }
    const saved = settings.update((doc) => ({ ...doc, shortcuts: { ...doc.shortcuts, [action]: accelerator } }))
    return info(saved)
  }
  return {
    'shortcuts:get': async () => info(settings.read()),
    'shortcuts:set': async ({ action, accelerator }) => set(action, accelerator),
    'shortcuts:record': async ({ action, press }) => {
      const current = settings.read().shortcuts[action]
      const accelerator = recordKey(press, platform)
      if (accelerator === null || accelerator === current) return null
      return set(action, accelerator)
    }
  }
}
