import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { tempDir } from '../../support/temp-dir'
import { fakeIo } from '../../support/fake-io'

const order = vi.hoisted((): string[] => [])
vi.mock('../../../src/main/cli/daemon-memory', () => ({ favourMemory: () => order.push('memory flags') }))
vi.mock('../../../src/main/cli/commands/run', () => {
  order.push('daemon code loaded')
  return { run: { usage: [], description: { en: '', ja: '' }, options: {}, run: async () => 0 } }
})
vi.mock('../../../src/main/core/config', async (original) => {
  order.push('configuration code loaded')
  return await original()
})

describe("the registry's run entry", () => {
  it("sets the daemon's memory flags before its code loads, which would grow the young generation", async () => {
    const { COMMANDS } = await import('../../../src/main/cli/registry')
    await COMMANDS.find((c) => c.name === 'run')!.load()
    expect(order).toEqual(['memory flags', 'daemon code loaded'])
  })

  it('sets them before `onair run` compiles the configuration (zod) too: on Node 24 code compiled before keeps its tiers', async () => {
    order.length = 0
    const { runCli } = await import('../../../src/main/cli/dispatch')
    const dataDir = join(tempDir('onair-run-order-'), 'data')
    expect(await runCli(['run', '--data-dir', dataDir], fakeIo({}))).toBe(0)
    expect(order).toEqual(['memory flags', 'configuration code loaded'])
  })
})
