import { describe, expect, it, vi } from 'vitest'

const order: string[] = []
vi.mock('../../../src/main/cli/daemon-memory', () => ({ favourMemory: () => order.push('memory flags') }))
vi.mock('../../../src/main/cli/commands/run', () => {
  order.push('daemon code loaded')
  return { run: { usage: [], description: { en: '', ja: '' }, options: {}, run: async () => 0 } }
})

describe("the registry's run entry", () => {
  it("sets the daemon's memory flags before its code loads, which would grow the young generation", async () => {
    const { COMMANDS } = await import('../../../src/main/cli/registry')
    await COMMANDS.find((c) => c.name === 'run')!.load()
    expect(order).toEqual(['memory flags', 'daemon code loaded'])
  })
})
