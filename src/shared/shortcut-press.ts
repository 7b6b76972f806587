/**
 * Global shortcuts: the actions, and what the Settings field decides about a keydown by itself.
 * Naming the key needs the key table (shortcut-keys.ts), which only the core carries: the field
 * sends it every other press, and the core names, checks and registers it.
 */
export const SHORTCUT_ACTIONS = ['toggleWindow', 'quickRecord'] as const
export type ShortcutAction = (typeof SHORTCUT_ACTIONS)[number]

/** What the fields of a keydown the recorder needs (a DOM KeyboardEvent has them all). */
export interface KeyPress {
  code: string
  ctrlKey: boolean
  altKey: boolean
  shiftKey: boolean
  metaKey: boolean
}

/** The held modifiers as Electron names them on `platform`, in its order. */
export function modifierNames(press: KeyPress, platform: string): string[] {
  return [
    press.metaKey && platform === 'darwin' ? 'Command' : null,
    press.ctrlKey ? 'Ctrl' : null,
    press.altKey ? 'Alt' : null,
    press.shiftKey ? 'Shift' : null,
    press.metaKey && platform !== 'darwin' ? 'Super' : null
  ].filter((m): m is string => m !== null)
}

export type FieldKey =
  /** Tab and Shift+Tab move the focus on, as everywhere else. */
  | { kind: 'pass' }
  /** Escape: leave the shortcut as it was. */
  | { kind: 'cancel' }
  /** Backspace or Delete alone: no shortcut. */
  | { kind: 'clear' }
  /** Only modifiers so far: what is held, to show while the user goes on. */
  | { kind: 'partial'; held: string }
  /** Any other key: the core names it (or keeps the field waiting when it has no name for it). */
  | { kind: 'press' }

/** One keydown in the shortcut field; `key` is `KeyboardEvent.key` (Control, Alt, Shift, Meta: a modifier alone). */
export function fieldKey(press: KeyPress & { key: string }, platform: string): FieldKey {
  const bare = !press.ctrlKey && !press.altKey && !press.metaKey
  if (press.code === 'Tab' && bare) return { kind: 'pass' }
  if (bare && !press.shiftKey && press.code === 'Escape') return { kind: 'cancel' }
  if (bare && !press.shiftKey && (press.code === 'Backspace' || press.code === 'Delete')) return { kind: 'clear' }
  if (!['Control', 'Alt', 'Shift', 'Meta'].includes(press.key)) return { kind: 'press' }
  const mods = modifierNames(press, platform)
  return { kind: 'partial', held: mods.length > 0 ? `${mods.join('+')}+…` : '' }
}
