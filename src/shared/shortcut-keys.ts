import { modifierNames, type KeyPress } from './shortcut-press'

/**
 * A key press named as an Electron accelerator (docs/api/accelerator.md: "Ctrl+Alt+K"), in the core:
 * the renderer sends the press (shortcut-press.ts) rather than carry this table. The same table tells
 * accelerator.ts which key names a stored shortcut may use.
 */

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

/**
 * The accelerator for a key press as Electron names it on `platform`, or null when the table has no
 * name for the key (a modifier alone, NumpadEnter…): the field waits for another. A combination the
 * core will refuse (a bare K, Shift+K) is named too: acceleratorProblem gives the reason.
 */
export function recordKey(press: KeyPress, platform: string): string | null {
  const key = keyOf(press.code)
  return key === null ? null : [...modifierNames(press, platform), key].join('+')
}
