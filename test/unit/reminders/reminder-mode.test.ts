import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isWorkReminded, ringBell, type WorkChoice } from '../../../src/shared/reminder-mode'

const ids = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 4 })
const choiceArb = fc.record({
  mode: fc.constantFrom('all-except-muted' as const, 'only-picked' as const),
  mutedWorkIds: ids,
  pickedWorkIds: ids
})

describe('the bell of a work', () => {
  it('leaves the work reminded exactly when switched on, and touches only its own mode’s list', () => {
    fc.assert(
      fc.property(choiceArb, fc.integer({ min: 1, max: 6 }), fc.boolean(), (choice, workId, on) => {
        const next: WorkChoice = { ...choice, ...ringBell(workId, on, choice) }
        expect(isWorkReminded(workId, next)).toBe(on)
        // Every other work is reminded as before; the list of the other mode is kept as it was.
        for (let other = 1; other <= 6; other++) {
          if (other !== workId) expect(isWorkReminded(other, next)).toBe(isWorkReminded(other, choice))
        }
        if (choice.mode === 'only-picked') expect(next.mutedWorkIds).toBe(choice.mutedWorkIds)
        else expect(next.pickedWorkIds).toBe(choice.pickedWorkIds)
      })
    )
  })

  it('mutes and unmutes in all-except-muted, picks and unpicks in only-picked, never listing a work twice', () => {
    const choice: WorkChoice = { mode: 'all-except-muted', mutedWorkIds: [3], pickedWorkIds: [5] }
    expect(ringBell(4, false, choice)).toEqual({ mutedWorkIds: [3, 4] })
    expect(ringBell(3, false, choice)).toEqual({ mutedWorkIds: [3] })
    expect(ringBell(3, true, choice)).toEqual({ mutedWorkIds: [] })
    const picking: WorkChoice = { ...choice, mode: 'only-picked' }
    expect(ringBell(4, true, picking)).toEqual({ pickedWorkIds: [5, 4] })
    expect(ringBell(5, true, picking)).toEqual({ pickedWorkIds: [5] })
    expect(ringBell(5, false, picking)).toEqual({ pickedWorkIds: [] })
  })
})
