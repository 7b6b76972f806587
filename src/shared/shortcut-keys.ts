/**
 * Global shortcuts: the actions, and a key press named as an Electron accelerator
 * (docs/api/accelerator.md: "Ctrl+Alt+K"). The Settings field needs only this: whether a combination
 * may be a shortcut is decided once, in accelerator.ts, when the core is asked to store it (from the
 * field, or typed by hand in `onair config`).
 */
export const SHORTCUT_ACTIONS = ['toggleWindow', 'quickRecord'] as const
export type ShortcutAction = (typeof SHORTCUT_ACTIONS)[number]

/** `KeyboardEvent.code`s whose accelerator key has the same name. */
const SAME_NAME = 'Space Enter Tab Backspace Delete Insert Home End PageUp PageDown Escape PrintScreen'.split(' ')
/** `KeyboardEvent.code`s of punctuation, and their accelerator keys (at the same position in PUNCTUATION). */
const PUNCTUATION_CODES =
  'Minus Equal BracketLeft BracketRight Backslash Semicolon Quote Comma Period Slash Backquote'.split(' ')
const PUNCTUATION = "-=[]\\;',./`"
/** `Numpad…` codes of operators, and their accelerator keys ("num" + the same position in NUMPAD). */
const NUMPAD_CODES = 'NumpadAdd NumpadSubtract NumpadMultiply NumpadDivide NumpadDecimal'.split(' ')
const NUMPAD = 'add sub mult div dec'.split(' ')
const ARROWS = ['Up', 'Down', 'Left', 'Right']
/** F1–F24 (any case, as Electron reads them): the keys that may be a shortcut alone. */
export const FUNCTION_KEY = /^F([1-9]|1\d|2[0-4])$/i

/** The accelerator keys with a name (not a letter, digit, numN or FN) that a key press can give. */
export function namedKeys(): string[] {
  return [...SAME_NAME, ...PUNCTUATION, ...NUMPAD.map((k) => `num${k}`), ...ARROWS]
}

/** `KeyboardEvent.code` → the accelerator's key: by position, so the keyboard layout does not matter. */
function keyOf(code: string): string | null {
  if (SAME_NAME.includes(code) || FUNCTION_KEY.test(code)) return code
  const [, letter, digit, padDigit, arrow] = /^(?:Key([A-Z])|Digit(\d)|Numpad(\d)|Arrow(\w+))$/.exec(code) ?? []
  if (padDigit) return `num${padDigit}`
  if (arrow) return ARROWS.includes(arrow) ? arrow : null
  const operator = NUMPAD_CODES.indexOf(code)
  if (operator >= 0) return `num${NUMPAD[operator]}`
  return letter ?? digit ?? PUNCTUATION[PUNCTUATION_CODES.indexOf(code)] ?? null
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

/**
 * One keydown in the shortcut field, as Electron will name it on this platform. A combination the
 * core will refuse (a bare K, Shift+K) is named too: the core's refusal gives the reason.
 */
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
  return { kind: 'accelerator', accelerator: [...mods, key].join('+') }
}
