import { describe, expect, it } from 'vitest'
import { releaseIdleGarbage } from '../../../src/main/cli/daemon-memory'

/** A poll's burst: many objects, dropped when it returns; the heap in use while they were held. */
function burst(): number {
  const programs = Array.from({ length: 200_000 }, (_, id) => ({ id, title: `program ${id}` }))
  expect(programs).toHaveLength(200_000)
  return process.memoryUsage().heapUsed
}

describe('releaseIdleGarbage', () => {
  it('collects at once what a poll left behind, old objects too, although Node started without --expose-gc', () => {
    const held = burst()
    releaseIdleGarbage()
    // Twice: the collection function is made once and kept.
    releaseIdleGarbage()
    expect(held - process.memoryUsage().heapUsed).toBeGreaterThan(8 * 1024 * 1024)
  })
})
