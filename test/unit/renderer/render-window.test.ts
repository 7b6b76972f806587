import { describe, expect, it } from 'vitest'
import { firstItems, keptCount } from '../../../src/renderer/src/lib/render-window'

const list = (ids: number[]) => ids.map((id) => ({ id }))

describe('incremental rendering', () => {
  it('renders a first chunk of a new list', () => {
    expect(keptCount(list([1, 2, 3, 4, 5]), new Set(), 2)).toBe(2)
    expect(keptCount(list([1, 2]), new Set(), 5)).toBe(2)
    expect(keptCount([], new Set([1]), 5)).toBe(0)
  })

  it('keeps every row already rendered and adds at most a chunk of new ones', () => {
    // A poll with the same programs plus one: all of them, nothing to rebuild.
    expect(keptCount(list([1, 2, 3, 9, 4, 5]), new Set([1, 2, 3, 4, 5]), 1)).toBe(6)
    // Two new rows before the rendered ones, chunk 1: stops before the second new row.
    expect(keptCount(list([7, 1, 8, 2]), new Set([1, 2]), 1)).toBe(2)
  })

  it('cuts groups after the first items in all, dropping empty ones', () => {
    const groups = [
      { day: 'a', items: [1, 2, 3] },
      { day: 'b', items: [4, 5] },
      { day: 'c', items: [6] }
    ]
    expect(firstItems(groups, 4)).toEqual([
      { day: 'a', items: [1, 2, 3] },
      { day: 'b', items: [4] }
    ])
    expect(firstItems(groups, 3)).toEqual([{ day: 'a', items: [1, 2, 3] }])
    expect(firstItems(groups, 0)).toEqual([])
    // Whole groups are passed through as they are, so their rows are not re-keyed.
    expect(firstItems(groups, 10)[0]).toBe(groups[0])
  })
})
