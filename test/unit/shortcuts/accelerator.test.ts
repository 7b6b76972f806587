import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { acceleratorProblem, sameAccelerator } from '../../../src/shared/accelerator'
import { namedKeys, recordKey, type KeyPress } from '../../../src/shared/shortcut-keys'

const press = (code: string, mods: Partial<Omit<KeyPress, 'code'>> = {}): KeyPress => ({
  code,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...mods
})

describe('recording a key combination (the Settings field)', () => {
  it('names keys by their position and modifiers as Electron does on each platform', () => {
    expect(recordKey(press('KeyK', { ctrlKey: true, altKey: true }), 'linux')).toEqual({
      kind: 'accelerator',
      accelerator: 'Ctrl+Alt+K'
    })
    expect(recordKey(press('KeyK', { metaKey: true, shiftKey: true }), 'darwin')).toEqual({
      kind: 'accelerator',
      accelerator: 'Command+Shift+K'
    })
    expect(recordKey(press('Digit1', { metaKey: true }), 'win32')).toEqual({
      kind: 'accelerator',
      accelerator: 'Super+1'
    })
    expect(recordKey(press('ArrowUp', { ctrlKey: true }), 'linux')).toMatchObject({ accelerator: 'Ctrl+Up' })
    expect(recordKey(press('Space', { ctrlKey: true, shiftKey: true }), 'linux')).toMatchObject({
      accelerator: 'Ctrl+Shift+Space'
    })
    expect(recordKey(press('F9'), 'linux')).toEqual({ kind: 'accelerator', accelerator: 'F9' })
  })

  it('Escape cancels, Backspace or Delete clear, Tab moves on; modifiers alone wait for a key', () => {
    expect(recordKey(press('Escape'), 'linux')).toEqual({ kind: 'cancel' })
    expect(recordKey(press('Backspace'), 'linux')).toEqual({ kind: 'clear' })
    expect(recordKey(press('Delete'), 'darwin')).toEqual({ kind: 'clear' })
    expect(recordKey(press('Tab'), 'linux')).toEqual({ kind: 'pass' })
    expect(recordKey(press('Tab', { shiftKey: true }), 'linux')).toEqual({ kind: 'pass' })
    expect(recordKey(press('ControlLeft', { ctrlKey: true, altKey: true }), 'linux')).toEqual({
      kind: 'partial',
      held: 'Ctrl+Alt+…'
    })
    // With a modifier they are shortcuts like any other.
    expect(recordKey(press('Backspace', { ctrlKey: true, altKey: true }), 'linux')).toMatchObject({
      accelerator: 'Ctrl+Alt+Backspace'
    })
  })

  it('names a key that would swallow ordinary typing, which the check refuses with the reason in both languages', () => {
    const shifted = recordKey(press('KeyK', { shiftKey: true }), 'linux')
    expect(shifted).toEqual({ kind: 'accelerator', accelerator: 'Shift+K' })
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
        expect(recorded.kind).toBe('accelerator')
        const problem = recorded.kind === 'accelerator' ? acceleratorProblem(recorded.accelerator) : null
        const swallowsTyping = !m.ctrlKey && !m.altKey && !m.metaKey && !/^F\d+$/.test(c)
        expect(problem).toEqual(swallowsTyping ? acceleratorProblem('K') : null)
      })
    )
  })

  it('names punctuation and keypad keys as Electron does, and waits on keys it has no name for', () => {
    const ctrl = (code: string) => recordKey(press(code, { ctrlKey: true }), 'linux')
    expect(ctrl('Backslash')).toMatchObject({ accelerator: 'Ctrl+\\' })
    expect(ctrl('Quote')).toMatchObject({ accelerator: "Ctrl+'" })
    expect(ctrl('NumpadMultiply')).toMatchObject({ accelerator: 'Ctrl+nummult' })
    expect(ctrl('Numpad0')).toMatchObject({ accelerator: 'Ctrl+num0' })
    expect(ctrl('PageDown')).toMatchObject({ accelerator: 'Ctrl+PageDown' })
    for (const unknown of ['NumpadEnter', 'IntlBackslash', 'ArrowSideways', 'F25', 'ShiftLeft'])
      expect(ctrl(unknown), unknown).toEqual({ kind: 'partial', held: 'Ctrl+…' })
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
