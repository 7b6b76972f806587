/**
 * Long lists render a leading part at once and the rest a chunk at a time (in idle time, or as the
 * user scrolls): building thousands of rows in one go blocks the window for seconds. These pure
 * helpers decide how far the rendered part reaches; the view owns the timing.
 */

/**
 * How many leading items of `items` to render now. Rows already in the DOM stay, so a poll that
 * returns much the same list keeps its rows and nothing the user is looking at moves; only rows
 * not rendered yet count against `chunk`, so a new list costs at most `chunk` new rows at once.
 */
export function keptCount(items: readonly { id: number }[], rendered: ReadonlySet<number>, chunk: number): number {
  let fresh = 0
  for (let i = 0; i < items.length; i++) {
    if (!rendered.has(items[i]!.id) && ++fresh > chunk) return i
  }
  return items.length
}

/** The groups cut after their first `count` items in all; groups left empty are dropped. */
export function firstItems<G extends { items: readonly unknown[] }>(groups: readonly G[], count: number): G[] {
  const out: G[] = []
  let left = count
  for (const group of groups) {
    if (left <= 0) break
    out.push(group.items.length <= left ? group : { ...group, items: group.items.slice(0, left) })
    left -= group.items.length
  }
  return out
}
