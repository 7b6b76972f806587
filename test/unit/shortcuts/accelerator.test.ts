import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { acceleratorProblem, recordKey, sameAccelerator, type KeyPress } from '../../../src/shared/accelerator'

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

  it('refuses a key that would swallow ordinary typing, with the reason in both languages', () => {
    const refused = recordKey(press('KeyK', { shiftKey: true }), 'linux')
    expect(refused).toMatchObject({ kind: 'refused', reason: { en: expect.stringContaining('Ctrl, Alt') } })
    expect(refused.kind === 'refused' && refused.reason.ja).toContain('修飾キー')
    expect(recordKey(press('KeyK'), 'linux').kind).toBe('refused')
  })

  it('whatever it records is an accelerator the settings accept', () => {
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
      'Enter'
    )
    fc.assert(
      fc.property(code, mods, fc.constantFrom('linux', 'darwin', 'win32'), (c, m, platform) => {
        const recorded = recordKey(press(c, m), platform)
        if (recorded.kind === 'accelerator') expect(acceleratorProblem(recorded.accelerator)).toBeNull()
        else expect(recorded.kind).toBe('refused')
      })
    )
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
