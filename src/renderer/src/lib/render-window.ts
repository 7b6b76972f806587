/**
 * A long list keeps only the lines near the viewport in the DOM (with every row built, a long
 * schedule's window grew with it and scrolled in jerks). These pure helpers say which lines those are and where each
 * goes; the view measures the lines it renders and owns the scrolling.
 *
 * The list is days, each a heading line then its programs. A line's height is its measured one
 * once it has been laid out, an estimate before; `offsets` is where each line starts as if every
 * line were in the DOM, which is what the scrollbar and the gaps left for the missing lines show.
 */

/** A line's key: its day for a heading, its id for a program. */
export type Key = string | number

/** One line: a day's heading (`item` -1) or the `item`-th program of the `group`-th day. */
export interface Line {
  key: Key
  group: number
  item: number
}

export interface Group<T> {
  day: string
  items: readonly T[]
}

/** Before a line is laid out (px): a program line's usual height, a heading's. */
export const ROW_ESTIMATE = 64
export const HEADING_ESTIMATE = 28

export function linesOf(groups: readonly Group<{ id: number }>[]): Line[] {
  const lines: Line[] = []
  groups.forEach(({ day, items }, group) => {
    lines.push({ key: day, group, item: -1 })
    items.forEach(({ id }, item) => lines.push({ key: id, group, item }))
  })
  return lines
}

/** Where each line starts (px from the list's top); one more entry: the whole list's height. */
export function offsetsOf(lines: readonly Line[], heights: ReadonlyMap<Key, number>): number[] {
  const offsets = [0]
  lines.forEach((line, i) =>
    offsets.push(offsets[i]! + (heights.get(line.key) ?? (line.item < 0 ? HEADING_ESTIMATE : ROW_ESTIMATE)))
  )
  return offsets
}

/** The line at `y` px from the list's top (the first or last line when `y` is outside the list). */
export function lineAt(offsets: readonly number[], y: number): number {
  let lo = 0
  let hi = offsets.length - 2
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (offsets[mid]! <= y) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** A day in the DOM: its heading `gap` px below the line before, then some of its programs. */
export interface Placed<T> {
  day: string
  gap: number
  /** How many programs the day has, rendered or not (for aria-setsize). */
  size: number
  items: { item: T; pos: number; gap: number }[]
}

/**
 * The days and programs to render for the lines `from`–`to` and the `pinned` ones (a focused
 * row, an open panel: rebuilding those would lose the focus or what is typed), each program
 * `gap` px below the line rendered before it, so that it sits at its offset. A day's heading goes
 * right above its first rendered program (it sticks to the top while its programs scroll by), even
 * when its own line is above `from`. `end` is the room the unrendered lines below take.
 */
export function place<T>(
  groups: readonly Group<T>[],
  lines: readonly Line[],
  offsets: readonly number[],
  from: number,
  to: number,
  pinned: readonly number[]
): { days: Placed<T>[]; end: number } {
  const days: Placed<T>[] = []
  const wanted = new Set(pinned.filter((i) => i >= 0 && (i < from || i >= to)))
  for (let i = from; i < to; i++) wanted.add(i)
  // Where the next element starts in the DOM.
  let bottom = 0
  for (const i of [...wanted].sort((a, b) => a - b)) {
    const { group, item } = lines[i]!
    if (item < 0) continue
    const { day, items } = groups[group]!
    let last = days.at(-1)
    if (last?.day !== day) {
      const heading = offsets[i - item]! - offsets[i - item - 1]!
      const at = Math.max(bottom, offsets[i]! - heading)
      last = { day, gap: at - bottom, size: items.length, items: [] }
      days.push(last)
      bottom = at + heading
    }
    const at = Math.max(bottom, offsets[i]!)
    last.items.push({ item: items[item]!, pos: item + 1, gap: at - bottom })
    bottom = at + offsets[i + 1]! - offsets[i]!
  }
  return { days, end: Math.max(0, offsets.at(-1)! - bottom) }
}
