import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { acceleratorProblem, sameAccelerator } from '../../../src/shared/accelerator'
import { namedKeys, recordKey } from '../../../src/shared/shortcut-keys'
import { fieldKey, type KeyPress } from '../../../src/shared/shortcut-press'

const press = (code: string, mods: Partial<Omit<KeyPress, 'code'>> = {}): KeyPress => ({
  code,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods
})

describe('recording a key combination (the Settings field, then the core)', () => {
  it('names keys by their position and modifiers as Electron does on each platform', () => {
    expect(recordKey(press('KeyK', { ctrlKey: true, altKey: true }), 'linux')).toBe('Ctrl+Alt+K')
    expect(recordKey(press('KeyK', { metaKey: true, shiftKey: true }), 'darwin')).toBe('Command+Shift+K')
    expect(recordKey(press('Digit1', { metaKey: true }), 'win32')).toBe('Super+1')
    expect(recordKey(press('ArrowUp', { ctrlKey: true }), 'linux')).toBe('Ctrl+Up')
    expect(recordKey(press('Space', { ctrlKey: true, shiftKey: true }), 'linux')).toBe('Ctrl+Shift+Space')
    expect(recordKey(press('F9'), 'linux')).toBe('F9')
  })

  it('in the field: Escape cancels, Backspace or Delete clear, Tab moves on; modifiers alone show and wait', () => {
    const key = (code: string, k: string, mods: Partial<Omit<KeyPress, 'code'>> = {}, platform = 'linux') =>
      fieldKey({ ...press(code, mods), key: k }, platform)
    expect(key('Escape', 'Escape')).toEqual({ kind: 'cancel' })
    expect(key('Backspace', 'Backspace')).toEqual({ kind: 'clear' })
    expect(key('Delete', 'Delete', {}, 'darwin')).toEqual({ kind: 'clear' })
    expect(key('Tab', 'Tab')).toEqual({ kind: 'pass' })
    expect(key('Tab', 'Tab', { shiftKey: true })).toEqual({ kind: 'pass' })
    expect(key('ControlLeft', 'Control', { ctrlKey: true, altKey: true })).toEqual({
      kind: 'partial',
      held: 'Ctrl+Alt+…'
    })
    expect(key('MetaLeft', 'Meta', { metaKey: true }, 'darwin')).toEqual({ kind: 'partial', held: 'Command+…' })
    expect(key('MetaLeft', 'Meta', { metaKey: true, shiftKey: true }, 'win32')).toEqual({
      kind: 'partial',
      held: 'Shift+Super+…'
    })
    // Every other key goes to the core to be named, even one it has no name for (it answers nothing).
    expect(key('KeyK', 'k', { ctrlKey: true })).toEqual({ kind: 'press' })
    expect(key('NumpadEnter', 'Enter', { ctrlKey: true })).toEqual({ kind: 'press' })
    // With a modifier Escape, Backspace and Tab are shortcuts like any other.
    expect(key('Backspace', 'Backspace', { ctrlKey: true, altKey: true })).toEqual({ kind: 'press' })
    expect(key('Escape', 'Escape', { altKey: true })).toEqual({ kind: 'press' })
    expect(key('Tab', 'Tab', { ctrlKey: true })).toEqual({ kind: 'press' })
    expect(recordKey(press('Backspace', { ctrlKey: true, altKey: true }), 'linux')).toBe('Ctrl+Alt+Backspace')
  })

  it('names a key that would swallow ordinary typing, which the check refuses with the reason in both languages', () => {
    expect(recordKey(press('KeyK', { shiftKey: true }), 'linux')).toBe('Shift+K')
    const reason = acceleratorProblem('Shift+K')
    expect(reason?.en).toContain('Ctrl, Alt')
    expect(reason?.ja).toContain('修飾キー')
    expect(acceleratorProblem('K')).toEqual(reason)
  })

  it('whatever it records the settings accept, unless no modifier but Shift is held on a key other than F1–F24', () => {
    const mods = fc.record({
      ctrlKey: fc.boolean(),
      altKey: fc.boolean(),
      shiftKey: fc.boolean(),
      metaKey: fc.boolean()
    })
    const code = fc.constantFrom(
      'KeyA',
      'KeyZ',
      'Digit0',
      'F1',
      'F24',
      'Numpad5',
      'NumpadAdd',
      'Minus',
      'Slash',
      'End',
      'ArrowLeft',
      'Enter',
      'Backquote',
      'Quote',
      'NumpadDecimal',
      'PrintScreen'
    )
    fc.assert(
      fc.property(code, mods, fc.constantFrom('linux', 'darwin', 'win32'), (c, m, platform) => {
        const recorded = recordKey(press(c, m), platform)
        expect(recorded).not.toBeNull()
        const problem = acceleratorProblem(recorded ?? '')
        const swallowsTyping = !m.ctrlKey && !m.altKey && !m.metaKey && !/^F\d+$/.test(c)
        expect(problem).toEqual(swallowsTyping ? acceleratorProblem('K') : null)
      })
    )
  })

  it('names punctuation and keypad keys as Electron does, and waits on keys it has no name for', () => {
    const ctrl = (code: string) => recordKey(press(code, { ctrlKey: true }), 'linux')
    expect(ctrl('Backslash')).toBe('Ctrl+\\')
    expect(ctrl('Quote')).toBe("Ctrl+'")
    expect(ctrl('NumpadMultiply')).toBe('Ctrl+nummult')
    expect(ctrl('Numpad0')).toBe('Ctrl+num0')
    expect(ctrl('PageDown')).toBe('Ctrl+PageDown')
    for (const unknown of ['NumpadEnter', 'IntlBackslash', 'ArrowSideways', 'F25', 'ShiftLeft'])
      expect(ctrl(unknown), unknown).toBeNull()
  })

  it('every key it can name is one the settings accept', () => {
    for (const key of namedKeys()) expect(acceleratorProblem(`Ctrl+${key}`), key).toBeNull()
  })
})

describe('checking a stored accelerator', () => {
  it('accepts none, Electron spellings and function keys; refuses nonsense and bare keys', () => {
    for (const ok of [
      '',
      'CommandOrControl+Shift+O',
      'Alt+F4',
      'F12',
      'Ctrl+Plus',
      'Super+num7',
      'Option+k',
      'ctrl+alt+k'
    ])
      expect(acceleratorProblem(ok), ok).toBeNull()
    for (const bad of ['K', 'Shift+K', 'Ctrl+', 'Ctrl+Ctrl+K', 'Hyper+K', 'Ctrl+Alt+KK'])
      expect(acceleratorProblem(bad), bad).not.toBeNull()
  })

  it('knows the same shortcut however it is spelled', () => {
    expect(sameAccelerator('Ctrl+Alt+K', 'Alt+Control+k')).toBe(true)
    expect(sameAccelerator('Ctrl+Alt+K', 'Ctrl+Shift+K')).toBe(false)
    expect(sameAccelerator('', '')).toBe(false)
  })
})
