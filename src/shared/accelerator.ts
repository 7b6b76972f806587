import type { LocalizedText } from './contract/common'
import { FUNCTION_KEY, namedKeys } from './shortcut-keys'

/**
 * Checking an Electron accelerator (docs/api/accelerator.md: "Ctrl+Alt+K") that the core is asked to
 * store, from the app or typed by hand in `onair config`: any spelling Electron reads, not only the
 * ones the Settings field records (shortcut-keys.ts, which names the keys).
 */

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
const KEYS = new Set([...namedKeys(), 'Plus', 'Return', 'Esc'].map((k) => k.toLowerCase()))

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
  // A modifier other than Shift keeps the shortcut from swallowing ordinary typing.
  if (!FUNCTION_KEY.test(key) && !parts.some((m) => m !== 'shift')) return problems.modifier
  return null
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
