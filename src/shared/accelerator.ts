import type { LocalizedText } from './contract/common'

/**
 * Global shortcuts as Electron accelerators (docs/api/accelerator.md): "Ctrl+Alt+K". Plain
 * TypeScript shared by the Settings field (a key press → an accelerator) and the core (which checks
 * what it is asked to store, from the app or `onair config`).
 */
export const SHORTCUT_ACTIONS = ['toggleWindow', 'quickRecord'] as const
export type ShortcutAction = (typeof SHORTCUT_ACTIONS)[number]

// Lower case: Electron reads accelerators without regard to case ("ctrl+alt+k" is Ctrl+Alt+K).
const MODIFIERS = new Set([
  'command',
  'cmd',
  'control',
  'ctrl',
  'commandorcontrol',
  'cmdorctrl',
  'alt',
  'option',
  'altgr',
  'shift',
  'super',
  'meta'
])
/** Modifiers that keep a shortcut from swallowing ordinary typing (Shift alone does not). */
const STRONG = new Set([...MODIFIERS].filter((m) => m !== 'shift'))
const FUNCTION_KEY = /^F([1-9]|1\d|2[0-4])$/i

/** `KeyboardEvent.code` → the accelerator's key: by position, so the keyboard layout does not matter. */
const CODE_KEYS: Record<string, string> = {
  Space: 'Space',
  Enter: 'Enter',
  Tab: 'Tab',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Escape: 'Escape',
  PrintScreen: 'PrintScreen',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
  NumpadAdd: 'numadd',
  NumpadSubtract: 'numsub',
  NumpadMultiply: 'nummult',
  NumpadDivide: 'numdiv',
  NumpadDecimal: 'numdec'
}
const KEYS = new Set([...Object.values(CODE_KEYS), 'Plus', 'Return', 'Esc'].map((k) => k.toLowerCase()))

function keyOf(code: string): string | null {
  const letter = /^Key([A-Z])$/.exec(code)
  if (letter) return letter[1]!
  const digit = /^Digit(\d)$/.exec(code)
  if (digit) return digit[1]!
  const pad = /^Numpad(\d)$/.exec(code)
  if (pad) return `num${pad[1]}`
  if (FUNCTION_KEY.test(code)) return code
  return CODE_KEYS[code] ?? null
}
const isKey = (key: string) =>
  /^[A-Za-z0-9]$/.test(key) || /^num\d$/i.test(key) || FUNCTION_KEY.test(key) || KEYS.has(key.toLowerCase())

const problems = {
  syntax: {
    en: 'This is not a key combination Onair can use (e.g. Ctrl+Alt+K).',
    ja: 'Onair で使えるキーの組み合わせではありません（例: Ctrl+Alt+K）。'
  },
  modifier: {
    en: 'Add Ctrl, Alt or another modifier (only F1–F24 work alone), so the shortcut does not take over ordinary typing.',
    ja: '普段の入力を妨げないよう、Ctrl や Alt などの修飾キーを付けてください（単独で使えるのは F1〜F24 だけです）。'
  }
} satisfies Record<string, LocalizedText>

/** Why `accelerator` cannot be used, or null when it can ('' means no shortcut and is fine). */
export function acceleratorProblem(accelerator: string): LocalizedText | null {
  if (accelerator === '') return null
  const parts = accelerator.split('+').map((m, i, all) => (i < all.length - 1 ? m.toLowerCase() : m))
  const key = parts.pop() ?? ''
  if (!isKey(key) || parts.some((m) => !MODIFIERS.has(m)) || new Set(parts).size !== parts.length)
    return problems.syntax
  if (!FUNCTION_KEY.test(key) && !parts.some((m) => STRONG.has(m))) return problems.modifier
  return null
}

/** What the fields of a keydown the recorder needs (a DOM KeyboardEvent has them all). */
export interface KeyPress {
  code: string
  ctrlKey: boolean
  altKey: boolean
  shiftKey: boolean
  metaKey: boolean
}

export type Recorded =
  /** A usable combination. */
  | { kind: 'accelerator'; accelerator: string }
  /** Escape: leave the shortcut as it was. */
  | { kind: 'cancel' }
  /** Backspace or Delete alone: no shortcut. */
  | { kind: 'clear' }
  /** Tab and Shift+Tab move the focus on, as everywhere else. */
  | { kind: 'pass' }
  /** Only modifiers so far: what is held, to show while the user goes on. */
  | { kind: 'partial'; held: string }
  | { kind: 'refused'; reason: LocalizedText }

/** One keydown in the shortcut field, as Electron will name it on this platform. */
export function recordKey(press: KeyPress, platform: string): Recorded {
  const mods = [
    press.metaKey && platform === 'darwin' ? 'Command' : null,
    press.ctrlKey ? 'Ctrl' : null,
    press.altKey ? 'Alt' : null,
    press.shiftKey ? 'Shift' : null,
    press.metaKey && platform !== 'darwin' ? 'Super' : null
  ].filter((m): m is string => m !== null)
  const bare = !press.ctrlKey && !press.altKey && !press.metaKey
  if (press.code === 'Tab' && bare) return { kind: 'pass' }
  if (bare && !press.shiftKey && press.code === 'Escape') return { kind: 'cancel' }
  if (bare && !press.shiftKey && (press.code === 'Backspace' || press.code === 'Delete')) return { kind: 'clear' }
  const key = keyOf(press.code)
  if (key === null)
    return mods.length > 0 ? { kind: 'partial', held: `${mods.join('+')}+…` } : { kind: 'partial', held: '' }
  const accelerator = [...mods, key].join('+')
  const reason = acceleratorProblem(accelerator)
  return reason ? { kind: 'refused', reason } : { kind: 'accelerator', accelerator }
}

/** The same shortcut however it is spelled ("Ctrl+Alt+K" and "Alt+Control+k"). */
export function sameAccelerator(a: string, b: string): boolean {
  const alias: Record<string, string> = {
    control: 'ctrl',
    cmd: 'command',
    cmdorctrl: 'commandorcontrol',
    option: 'alt',
    meta: 'super'
  }
  const canonical = (s: string) => {
    const parts = s.toLowerCase().split('+')
    const key = parts.pop() ?? ''
    return [...parts.map((m) => alias[m] ?? m).sort(), key].join('+')
  }
  return a !== '' && b !== '' && canonical(a) === canonical(b)
}
