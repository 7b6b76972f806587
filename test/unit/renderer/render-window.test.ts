import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  HEADING_ESTIMATE,
  lineAt,
  linesOf,
  offsetsOf,
  place,
  ROW_ESTIMATE,
  type Group,
  type Key
} from '../../../src/renderer/src/lib/render-window'

type Item = { id: number }
const day = (date: string, ...ids: number[]): Group<Item> => ({ day: date, items: ids.map((id) => ({ id })) })

/** Lays the placed days out as the DOM flow does; where each rendered row starts, and the total. */
function flow(placed: ReturnType<typeof place<Item>>, height: (key: Key) => number) {
  const tops = new Map<number, number>()
  let y = 0
  for (const d of placed.days) {
    y += d.gap + height(d.day)
    for (const { item, gap } of d.items) {
      tops.set(item.id, (y += gap))
      y += height(item.id)
    }
  }
  return { tops, total: y + placed.end }
}

describe('the lines of a list of days', () => {
  const days = [day('2026-11-22', 1, 2), day('2026-11-23', 3)]

  it('are each day heading then its programs', () => {
    expect(linesOf(days)).toEqual([
      { key: '2026-11-22', group: 0, item: -1 },
      { key: 1, group: 0, item: 0 },
      { key: 2, group: 0, item: 1 },
      { key: '2026-11-23', group: 1, item: -1 },
      { key: 3, group: 1, item: 0 }
    ])
  })

  it('start where the heights measured so far say, estimated for the rest', () => {
    const lines = linesOf(days)
    const H = HEADING_ESTIMATE
    const R = ROW_ESTIMATE
    expect(offsetsOf(lines, new Map())).toEqual([0, H, H + R, H + 2 * R, 2 * H + 2 * R, 2 * H + 3 * R])
    // Program 2 measured with its second line, the second heading too.
    const measured = new Map<Key, number>([
      [2, 90],
      ['2026-11-23', 30]
    ])
    expect(offsetsOf(lines, measured)).toEqual([0, H, H + R, H + R + 90, H + R + 120, H + 2 * R + 120])
  })

  it('find the line at a scroll offset, the first or last one outside the list', () => {
    const offsets = [0, 30, 94, 184, 214, 278]
    expect([-50, 0, 29.9, 30, 100, 214, 277, 5000].map((y) => lineAt(offsets, y))).toEqual([0, 0, 0, 1, 2, 4, 4, 4])
  })
})

describe('placing the lines near the viewport', () => {
  it('renders only the wanted rows, under their day heading, with the gaps the rest take', () => {
    const days = [day('a', 1, 2, 3, 4), day('b', 5, 6)]
    const lines = linesOf(days)
    // Headings 20 px, rows 100 px: a 0, 1: 20, 2: 120, 3: 220, 4: 320, b: 420, 5: 440, 6: 540, end 640.
    const offsets = offsetsOf(lines, new Map(lines.map((l) => [l.key, l.item < 0 ? 20 : 100])))
    // Lines 2 and 3 (programs 2 and 3): day a's heading sits right above program 2, 100 px down.
    expect(place(days, lines, offsets, 2, 4, [])).toEqual({
      days: [
        {
          day: 'a',
          gap: 100,
          size: 4,
          items: [
            { item: { id: 2 }, pos: 2, gap: 0 },
            { item: { id: 3 }, pos: 3, gap: 0 }
          ]
        }
      ],
      end: 320
    })
    // Program 6 pinned (it has the focus) far below them: its day and a gap for program 4, day b and program 5.
    const pinned = place(days, lines, offsets, 2, 3, [7, -1])
    expect(pinned.days.map((d) => [d.day, d.gap, d.items.map((i) => [i.item.id, i.gap])])).toEqual([
      ['a', 100, [[2, 0]]],
      ['b', 300, [[6, 0]]]
    ])
    expect(pinned.end).toBe(0)
  })

  it('puts every rendered row where the whole list would have it, renders all wanted rows, no others', () => {
    const arbitraryDays = fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 6 }).map((sizes) => {
      let id = 0
      return sizes.map((n, g) => day(`day${g}`, ...Array.from({ length: n }, () => ++id)))
    })
    fc.assert(
      fc.property(
        arbitraryDays,
        // Measured heights (rows ≥ 40 px, headings ≤ 40 px), for some lines only.
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 40, max: 300 }), fc.integer({ min: 15, max: 40 }))),
        fc.nat(),
        fc.nat(),
        fc.array(fc.integer({ min: -1, max: 200 }), { maxLength: 2 }),
        (days, measures, a, b, pins) => {
          const lines = linesOf(days)
          const heights = new Map<Key, number>()
          for (const [at, row, heading] of measures) {
            const line = lines[at % lines.length]!
            heights.set(line.key, line.item < 0 ? heading : row)
          }
          const offsets = offsetsOf(lines, heights)
          const height = (key: Key) => {
            const i = lines.findIndex((l) => l.key === key)
            return offsets[i + 1]! - offsets[i]!
          }
          const from = a % lines.length
          const to = from + (b % (lines.length - from + 1))
          const pinned = pins.map((p) => (p < lines.length ? p : -1))
          const placed = place(days, lines, offsets, from, to, pinned)
          const { tops, total } = flow(placed, height)

          expect(total).toBe(offsets.at(-1))
          const wanted = lines
            .map((line, i) => ({ line, i }))
            .filter(({ line, i }) => line.item >= 0 && ((i >= from && i < to) || pinned.includes(i)))
          expect([...tops.keys()]).toEqual(wanted.map(({ line }) => line.key))
          for (const { line, i } of wanted) expect(tops.get(line.key as number)).toBe(offsets[i])
          // Each day's rows say their place in the whole day.
          for (const d of placed.days) {
            const group = days.find((g) => g.day === d.day)!
            expect(d.size).toBe(group.items.length)
            for (const { item, pos } of d.items) expect(group.items[pos - 1]).toBe(item)
          }
        }
      )
    )
  })
})
